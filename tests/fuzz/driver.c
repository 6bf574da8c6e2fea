/* driver.c — a standalone runner for libFuzzer-style targets, so that every
 * fuzz target also runs in the normal test suite, with any compiler:
 *
 *   fuzz_<name>_run CORPUS_DIR [ITERATIONS [SEED]]
 *
 * It feeds every file of the seed corpus to LLVMFuzzerTestOneInput, then
 * ITERATIONS (default 20000 here; ctest passes TG_FUZZ_ITERATIONS) inputs made by deterministic
 * random mutations of those seeds (fixed SEED, so a failure reproduces exactly). A target reports
 * a bug by crashing or aborting, as under libFuzzer; the driver exits 0 only
 * if every input ran. With TG_FUZZ_SAVE=FILE set, each input is written to
 * FILE before it runs, so the one that crashed is left behind. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

#define MAX_SEEDS 1024
#define MAX_SEED_BYTES (1u << 20)
#define MUTANT_MAX 8192 /* mutated inputs stay below this */

struct seed {
	uint8_t *data;
	size_t size;
};

static uint64_t rng = 0x7e1e9a9f0225eedull;

static uint64_t next_u64(void)
{
	/* splitmix64 */
	uint64_t z = (rng += 0x9e3779b97f4a7c15ull);
	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ull;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebull;
	return z ^ (z >> 31);
}

static size_t below(size_t n)
{
	return n ? (size_t)(next_u64() % n) : 0;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int load_file(const char *path, struct seed *s)
{
	FILE *f = fopen(path, "rb");
	if (!f)
		return -1;
	s->data = malloc(MAX_SEED_BYTES);
	s->size = s->data ? fread(s->data, 1, MAX_SEED_BYTES, f) : 0;
	int bad = !s->data || ferror(f);
	fclose(f);
	if (bad) {
		free(s->data);
		return -1;
	}
	/* Keep only what was read (a seed is usually a few hundred bytes). */
	uint8_t *fit = realloc(s->data, s->size ? s->size : 1);
	if (fit)
		s->data = fit;
	return 0;
}

/* Loads every regular file of dir, in name order (for reproducibility). */
static size_t load_corpus(const char *dir, struct seed *seeds)
{
	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "cannot open corpus folder %s\n", dir);
		exit(2);
	}
	char *names[MAX_SEEDS];
	size_t n = 0;
	struct dirent *e;
	while ((e = readdir(d)) && n < MAX_SEEDS) {
		if (e->d_name[0] == '.')
			continue;
		names[n++] = strdup(e->d_name);
	}
	closedir(d);
	qsort(names, n, sizeof names[0], by_name);
	size_t loaded = 0;
	for (size_t i = 0; i < n; i++) {
		char path[4096];
		struct stat st;
		snprintf(path, sizeof path, "%s/%s", dir, names[i]);
		if (stat(path, &st) == 0 && S_ISREG(st.st_mode) &&
		    load_file(path, &seeds[loaded]) == 0)
			loaded++;
		free(names[i]);
	}
	return loaded;
}

/* Bytes that matter to JSON, JSON Pointer and line framing. */
static const uint8_t interesting[] = {'{', '}', '[', ']', '"',  ':', ',', '\n', '\r', '/', '~',
                                      '0', '1', '-', 'e', '\\', ' ', 0,   0x7f, 0xff, 0xc3};

static size_t mutate(uint8_t *buf, size_t size, const struct seed *seeds, size_t nseeds)
{
	int rounds = 1 + (int)below(4);
	for (int r = 0; r < rounds; r++) {
		size_t pos = below(size + 1);
		switch (below(7)) {
		case 0: /* flip a bit */
			if (size)
				buf[below(size)] ^= (uint8_t)(1u << below(8));
			break;
		case 1: /* overwrite with an interesting byte */
			if (size)
				buf[below(size)] = interesting[below(sizeof interesting)];
			break;
		case 2: /* insert an interesting byte */
			if (size < MUTANT_MAX) {
				memmove(buf + pos + 1, buf + pos, size - pos);
				buf[pos] = interesting[below(sizeof interesting)];
				size++;
			}
			break;
		case 3: { /* delete a range */
			size_t n = below(size - pos + 1);
			memmove(buf + pos, buf + pos + n, size - pos - n);
			size -= n;
			break;
		}
		case 4: { /* duplicate a range */
			if (!size)
				break;
			size_t from = below(size), n = 1 + below(size - from);
			if (size + n > MUTANT_MAX)
				n = MUTANT_MAX - size;
			memmove(buf + pos + n, buf + pos, size - pos);
			memmove(buf + pos, buf + (from < pos ? from : from + n), n);
			size += n;
			break;
		}
		case 5: { /* splice in part of another seed */
			const struct seed *o = &seeds[below(nseeds)];
			if (!o->size)
				break;
			size_t from = below(o->size), n = 1 + below(o->size - from);
			if (size + n > MUTANT_MAX)
				n = MUTANT_MAX - size;
			memmove(buf + pos + n, buf + pos, size - pos);
			memcpy(buf + pos, o->data + from, n);
			size += n;
			break;
		}
		default: /* truncate */
			size = pos;
			break;
		}
	}
	return size;
}

static void run(const uint8_t *data, size_t size)
{
	const char *save = getenv("TG_FUZZ_SAVE");
	if (save) {
		FILE *f = fopen(save, "wb");
		if (f) {
			fwrite(data, 1, size, f);
			fclose(f);
		}
	}
	/* Copy to an exact-size heap block so that AddressSanitizer sees reads
	 * past the end, as under libFuzzer. */
	uint8_t *copy = malloc(size ? size : 1);
	if (!copy)
		abort();
	if (size)
		memcpy(copy, data, size);
	LLVMFuzzerTestOneInput(copy, size);
	free(copy);
}

int main(int argc, char **argv)
{
	if (argc < 2) {
		fprintf(stderr, "usage: %s CORPUS_DIR [ITERATIONS [SEED]]\n", argv[0]);
		return 2;
	}
	long iterations = argc > 2 ? strtol(argv[2], NULL, 10) : 20000;
	if (argc > 3)
		rng = strtoull(argv[3], NULL, 0);
	static struct seed seeds[MAX_SEEDS];
	size_t nseeds = load_corpus(argv[1], seeds);
	if (nseeds == 0) {
		fprintf(stderr, "no seed files in %s\n", argv[1]);
		return 2;
	}
	for (size_t i = 0; i < nseeds; i++)
		run(seeds[i].data, seeds[i].size);
	uint8_t *buf = malloc(MUTANT_MAX);
	if (!buf)
		return 2;
	for (long i = 0; i < iterations; i++) {
		const struct seed *s = &seeds[below(nseeds)];
		size_t size = s->size < MUTANT_MAX ? s->size : MUTANT_MAX;
		memcpy(buf, s->data, size);
		size = mutate(buf, size, seeds, nseeds);
		run(buf, size);
	}
	printf("%s: %zu seeds and %ld mutated inputs ran cleanly\n", argv[0], nseeds, iterations);
	free(buf);
	for (size_t i = 0; i < nseeds; i++)
		free(seeds[i].data);
	return 0;
}
