"""check() and CheckFailed, shared by the harness modules."""


class CheckFailed(AssertionError):
    pass


def check(cond, message):
    """A test assertion that survives python3 -O."""
    if not cond:
        raise CheckFailed(message)
