/* util/build_info.h: the commit, "unknown" until a main() sets it. */
#include "util/build_info.h"

const char *tg_build_commit = "unknown";
