/* matching.c — maximum-weight matching (see matching.h). The structure and
 * the names follow mwmatching.py so that a reader can check one against the
 * other: vertices are 0..n-1, blossoms n..2n-1; an edge k has endpoints 2k
 * and 2k+1, and endpoint[p] is the vertex at endpoint p, so p ^ 1 is the
 * other end of the same edge. Labels: 0 free, 1 S (outer), 2 T (inner);
 * bit 4 marks a blossom during scan_blossom. */
#include "tourney/matching.h"

#include <assert.h>
#include <stdlib.h>
#include <string.h>

struct ilist {
	int *v;
	int len, cap;
};

static int il_push(struct ilist *l, int x)
{
	if (l->len == l->cap) {
		int cap = l->cap ? l->cap * 2 : 8;
		int *nv = realloc(l->v, (size_t)cap * sizeof *nv);
		if (!nv)
			return -1;
		l->v = nv;
		l->cap = cap;
	}
	l->v[l->len++] = x;
	return 0;
}

struct mw {
	int n, m;
	const struct tg_match_edge *edges;
	int *endpoint;           /* 2m */
	struct ilist *neighbend; /* n: endpoints p whose edge touches v at p ^ 1 */
	int *mate;               /* n: remote endpoint of v's matched edge, or -1 */
	int *label;              /* 2n */
	int *labelend;           /* 2n */
	int *inblossom;          /* n */
	int *blossomparent;      /* 2n */
	struct ilist *childs;    /* 2n: sub-blossoms, starting at the base */
	int *blossombase;        /* 2n */
	struct ilist *endps;     /* 2n: endpoints linking the sub-blossoms */
	int *bestedge;           /* 2n */
	struct ilist *bestedges; /* 2n: least-slack edges to S-blossoms; len -1 = none */
	bool *has_bestedges;
	int *unused; /* stack of free blossom numbers */
	int nunused;
	int64_t *dualvar; /* 2n */
	bool *allowedge;  /* m */
	int *queue;       /* n */
	int nqueue;
	int *bestedgeto; /* 2n scratch for add_blossom */
	int *leaves;     /* n scratch */
	bool oom;
};

static int64_t slack(const struct mw *s, int k)
{
	const struct tg_match_edge *e = &s->edges[k];
	return s->dualvar[e->u] + s->dualvar[e->v] - 2 * e->w;
}

/* Appends the vertices of blossom b to out (which has room for n). */
static int blossom_leaves(const struct mw *s, int b, int *out, int len)
{
	if (b < s->n) {
		out[len++] = b;
		return len;
	}
	for (int i = 0; i < s->childs[b].len; i++)
		len = blossom_leaves(s, s->childs[b].v[i], out, len);
	return len;
}

static int at(const struct ilist *l, int j)
{
	int i = j % l->len;
	return l->v[i < 0 ? i + l->len : i];
}

static void assign_label(struct mw *s, int w, int t, int p)
{
	int b = s->inblossom[w];
	assert(s->label[w] == 0 && s->label[b] == 0);
	s->label[w] = s->label[b] = t;
	s->labelend[w] = s->labelend[b] = p;
	s->bestedge[w] = s->bestedge[b] = -1;
	if (t == 1) {
		s->nqueue = blossom_leaves(s, b, s->queue, s->nqueue);
	} else {
		int base = s->blossombase[b];
		assert(s->mate[base] >= 0);
		assign_label(s, s->endpoint[s->mate[base]], 1, s->mate[base] ^ 1);
	}
}

/* Traces back from v and w to find a new blossom's base, or -1 if the two
 * reach different roots (an augmenting path). */
static int scan_blossom(struct mw *s, int v, int w)
{
	int path_len = 0, base = -1;
	int *path = s->leaves; /* at most n blossoms on the two paths */
	while (v != -1 || w != -1) {
		int b = s->inblossom[v];
		if (s->label[b] & 4) {
			base = s->blossombase[b];
			break;
		}
		assert(s->label[b] == 1);
		path[path_len++] = b;
		s->label[b] = 5;
		if (s->labelend[b] == -1) {
			v = -1;
		} else {
			v = s->endpoint[s->labelend[b]];
			b = s->inblossom[v];
			assert(s->label[b] == 2);
			v = s->endpoint[s->labelend[b]];
		}
		if (w != -1) {
			int t = v;
			v = w;
			w = t;
		}
	}
	for (int i = 0; i < path_len; i++)
		s->label[path[i]] = 1;
	return base;
}

static void reverse(int *a, int len)
{
	for (int i = 0, j = len - 1; i < j; i++, j--) {
		int t = a[i];
		a[i] = a[j];
		a[j] = t;
	}
}

/* add_blossom's step: edge kk leaves the new blossom b; keep it if it is the
 * least-slack edge found so far to its S-blossom at the other end. */
static void note_best_edge(struct mw *s, int b, int kk)
{
	int i = s->edges[kk].u, j = s->edges[kk].v;
	if (s->inblossom[j] == b)
		j = i;
	int bj = s->inblossom[j];
	if (bj != b && s->label[bj] == 1 &&
	    (s->bestedgeto[bj] == -1 || slack(s, kk) < slack(s, s->bestedgeto[bj])))
		s->bestedgeto[bj] = kk;
}

static void add_blossom(struct mw *s, int base, int k)
{
	int v = s->edges[k].u, w = s->edges[k].v;
	int bb = s->inblossom[base], bv = s->inblossom[v], bw = s->inblossom[w];
	int b = s->unused[--s->nunused];
	struct ilist *path = &s->childs[b], *endps = &s->endps[b];
	s->blossombase[b] = base;
	s->blossomparent[b] = -1;
	s->blossomparent[bb] = b;
	path->len = endps->len = 0;
	while (bv != bb) {
		s->blossomparent[bv] = b;
		s->oom |= il_push(path, bv) < 0;
		s->oom |= il_push(endps, s->labelend[bv]) < 0;
		v = s->endpoint[s->labelend[bv]];
		bv = s->inblossom[v];
	}
	s->oom |= il_push(path, bb) < 0;
	if (s->oom)
		return;
	reverse(path->v, path->len);
	reverse(endps->v, endps->len);
	s->oom |= il_push(endps, 2 * k) < 0;
	while (bw != bb) {
		s->blossomparent[bw] = b;
		s->oom |= il_push(path, bw) < 0;
		s->oom |= il_push(endps, s->labelend[bw] ^ 1) < 0;
		w = s->endpoint[s->labelend[bw]];
		bw = s->inblossom[w];
	}
	if (s->oom)
		return;
	assert(s->label[bb] == 1);
	s->label[b] = 1;
	s->labelend[b] = s->labelend[bb];
	s->dualvar[b] = 0;
	int nl = blossom_leaves(s, b, s->leaves, 0);
	for (int i = 0; i < nl; i++) {
		int x = s->leaves[i];
		if (s->label[s->inblossom[x]] == 2)
			s->queue[s->nqueue++] = x;
		s->inblossom[x] = b;
	}
	/* The least-slack edge from the new blossom to each other S-blossom. */
	for (int i = 0; i < 2 * s->n; i++)
		s->bestedgeto[i] = -1;
	for (int c = 0; c < path->len; c++) {
		int sub = path->v[c];
		if (!s->has_bestedges[sub]) {
			nl = blossom_leaves(s, sub, s->leaves, 0);
			for (int li = 0; li < nl; li++) {
				struct ilist *nb = &s->neighbend[s->leaves[li]];
				for (int q = 0; q < nb->len; q++)
					note_best_edge(s, b, nb->v[q] / 2);
			}
		} else {
			struct ilist *nb = &s->bestedges[sub];
			for (int q = 0; q < nb->len; q++)
				note_best_edge(s, b, nb->v[q]);
		}
		s->has_bestedges[sub] = false;
		s->bestedges[sub].len = 0;
		s->bestedge[sub] = -1;
	}
	s->bestedges[b].len = 0;
	for (int i = 0; i < 2 * s->n; i++)
		if (s->bestedgeto[i] != -1)
			s->oom |= il_push(&s->bestedges[b], s->bestedgeto[i]) < 0;
	s->has_bestedges[b] = true;
	s->bestedge[b] = -1;
	for (int q = 0; q < s->bestedges[b].len; q++) {
		int kk = s->bestedges[b].v[q];
		if (s->bestedge[b] == -1 || slack(s, kk) < slack(s, s->bestedge[b]))
			s->bestedge[b] = kk;
	}
}

static int index_of(const struct ilist *l, int x)
{
	for (int i = 0; i < l->len; i++)
		if (l->v[i] == x)
			return i;
	return -1;
}

static void expand_blossom(struct mw *s, int b, bool endstage)
{
	struct ilist *ch = &s->childs[b];
	for (int c = 0; c < ch->len; c++) {
		int sub = ch->v[c];
		s->blossomparent[sub] = -1;
		if (sub < s->n) {
			s->inblossom[sub] = sub;
		} else if (endstage && s->dualvar[sub] == 0) {
			expand_blossom(s, sub, endstage);
		} else {
			int nl = blossom_leaves(s, sub, s->leaves, 0);
			for (int i = 0; i < nl; i++)
				s->inblossom[s->leaves[i]] = sub;
		}
	}
	if (!endstage && s->label[b] == 2) {
		/* Relabel the sub-blossoms on the even-length path from the
		 * entry child to the base as T, S, T, ... */
		int entrychild = s->inblossom[s->endpoint[s->labelend[b] ^ 1]];
		int j = index_of(ch, entrychild), jstep, endptrick;
		if (j & 1) {
			j -= ch->len;
			jstep = 1;
			endptrick = 0;
		} else {
			jstep = -1;
			endptrick = 1;
		}
		int p = s->labelend[b];
		while (j != 0) {
			s->label[s->endpoint[p ^ 1]] = 0;
			s->label[s->endpoint[at(&s->endps[b], j - endptrick) ^ endptrick ^ 1]] = 0;
			assign_label(s, s->endpoint[p ^ 1], 2, p);
			s->allowedge[at(&s->endps[b], j - endptrick) / 2] = true;
			j += jstep;
			p = at(&s->endps[b], j - endptrick) ^ endptrick;
			s->allowedge[p / 2] = true;
			j += jstep;
		}
		int bv = at(ch, j);
		s->label[s->endpoint[p ^ 1]] = s->label[bv] = 2;
		s->labelend[s->endpoint[p ^ 1]] = s->labelend[bv] = p;
		s->bestedge[bv] = -1;
		j += jstep;
		while (at(ch, j) != entrychild) {
			bv = at(ch, j);
			if (s->label[bv] == 1) {
				j += jstep;
				continue;
			}
			int nl = blossom_leaves(s, bv, s->leaves, 0), v = -1;
			for (int i = 0; i < nl; i++) {
				v = s->leaves[i];
				if (s->label[v] != 0)
					break;
			}
			if (v >= 0 && s->label[v] != 0) {
				assert(s->label[v] == 2 && s->inblossom[v] == bv);
				s->label[v] = 0;
				s->label[s->endpoint[s->mate[s->blossombase[bv]]]] = 0;
				assign_label(s, v, 2, s->labelend[v]);
			}
			j += jstep;
		}
	}
	s->label[b] = s->labelend[b] = -1;
	ch->len = s->endps[b].len = 0;
	s->blossombase[b] = -1;
	s->has_bestedges[b] = false;
	s->bestedges[b].len = 0;
	s->bestedge[b] = -1;
	s->unused[s->nunused++] = b;
}

/* Rotates a list left by i places. */
static void rotate(struct ilist *l, int i, int *scratch)
{
	memcpy(scratch, l->v + i, (size_t)(l->len - i) * sizeof *scratch);
	memcpy(scratch + (l->len - i), l->v, (size_t)i * sizeof *scratch);
	memcpy(l->v, scratch, (size_t)l->len * sizeof *scratch);
}

static void augment_blossom(struct mw *s, int b, int v)
{
	int t = v;
	while (s->blossomparent[t] != b)
		t = s->blossomparent[t];
	if (t >= s->n)
		augment_blossom(s, t, v);
	struct ilist *ch = &s->childs[b];
	int i = index_of(ch, t), j = i, jstep, endptrick;
	if (i & 1) {
		j -= ch->len;
		jstep = 1;
		endptrick = 0;
	} else {
		jstep = -1;
		endptrick = 1;
	}
	while (j != 0) {
		j += jstep;
		t = at(ch, j);
		int p = at(&s->endps[b], j - endptrick) ^ endptrick;
		if (t >= s->n)
			augment_blossom(s, t, s->endpoint[p]);
		j += jstep;
		t = at(ch, j);
		if (t >= s->n)
			augment_blossom(s, t, s->endpoint[p ^ 1]);
		s->mate[s->endpoint[p]] = p ^ 1;
		s->mate[s->endpoint[p ^ 1]] = p;
	}
	/* scratch: a blossom has at most n children and n endpoints */
	rotate(ch, i, s->bestedgeto);
	rotate(&s->endps[b], i, s->bestedgeto);
	s->blossombase[b] = s->blossombase[ch->v[0]];
	assert(s->blossombase[b] == v);
}

static void augment_matching(struct mw *s, int k)
{
	int ends[2][2] = {{s->edges[k].u, 2 * k + 1}, {s->edges[k].v, 2 * k}};
	for (int e = 0; e < 2; e++) {
		int sv = ends[e][0], p = ends[e][1];
		for (;;) {
			int bs = s->inblossom[sv];
			assert(s->label[bs] == 1);
			if (bs >= s->n)
				augment_blossom(s, bs, sv);
			s->mate[sv] = p;
			if (s->labelend[bs] == -1)
				break;
			int t = s->endpoint[s->labelend[bs]];
			int bt = s->inblossom[t];
			assert(s->label[bt] == 2);
			sv = s->endpoint[s->labelend[bt]];
			int j = s->endpoint[s->labelend[bt] ^ 1];
			assert(s->blossombase[bt] == t);
			if (bt >= s->n)
				augment_blossom(s, bt, j);
			s->mate[j] = s->labelend[bt];
			p = s->labelend[bt] ^ 1;
		}
	}
}

static void mw_free(struct mw *s)
{
	if (s->neighbend)
		for (int i = 0; i < s->n; i++)
			free(s->neighbend[i].v);
	for (int i = 0; s->childs && i < 2 * s->n; i++) {
		free(s->childs[i].v);
		free(s->endps[i].v);
		free(s->bestedges[i].v);
	}
	free(s->endpoint);
	free(s->neighbend);
	free(s->mate);
	free(s->label);
	free(s->labelend);
	free(s->inblossom);
	free(s->blossomparent);
	free(s->childs);
	free(s->blossombase);
	free(s->endps);
	free(s->bestedge);
	free(s->bestedges);
	free(s->has_bestedges);
	free(s->unused);
	free(s->dualvar);
	free(s->allowedge);
	free(s->queue);
	free(s->bestedgeto);
	free(s->leaves);
}

static int mw_alloc(struct mw *s, int n, int m)
{
	size_t n2 = 2 * (size_t)n;
	s->endpoint = calloc(2 * (size_t)m + 1, sizeof *s->endpoint);
	s->neighbend = calloc((size_t)n, sizeof *s->neighbend);
	s->mate = calloc((size_t)n, sizeof *s->mate);
	s->label = calloc(n2, sizeof *s->label);
	s->labelend = calloc(n2, sizeof *s->labelend);
	s->inblossom = calloc((size_t)n, sizeof *s->inblossom);
	s->blossomparent = calloc(n2, sizeof *s->blossomparent);
	s->childs = calloc(n2, sizeof *s->childs);
	s->blossombase = calloc(n2, sizeof *s->blossombase);
	s->endps = calloc(n2, sizeof *s->endps);
	s->bestedge = calloc(n2, sizeof *s->bestedge);
	s->bestedges = calloc(n2, sizeof *s->bestedges);
	s->has_bestedges = calloc(n2, sizeof *s->has_bestedges);
	s->unused = calloc((size_t)n, sizeof *s->unused);
	s->dualvar = calloc(n2, sizeof *s->dualvar);
	s->allowedge = calloc((size_t)m + 1, sizeof *s->allowedge);
	s->queue = calloc((size_t)n, sizeof *s->queue);
	s->bestedgeto = calloc(n2, sizeof *s->bestedgeto);
	s->leaves = calloc((size_t)n, sizeof *s->leaves);
	return s->endpoint && s->neighbend && s->mate && s->label && s->labelend && s->inblossom &&
	               s->blossomparent && s->childs && s->blossombase && s->endps && s->bestedge &&
	               s->bestedges && s->has_bestedges && s->unused && s->dualvar &&
	               s->allowedge && s->queue && s->bestedgeto && s->leaves
	           ? 0
	           : -1;
}

/* One stage: grow alternating trees from the free vertices until an
 * augmenting path is found (returns true) or the duals prove none exists. */
static bool stage(struct mw *s, bool max_cardinality)
{
	int n = s->n;
	for (int i = 0; i < 2 * n; i++) {
		s->label[i] = 0;
		s->bestedge[i] = -1;
	}
	for (int b = n; b < 2 * n; b++) {
		s->has_bestedges[b] = false;
		s->bestedges[b].len = 0;
	}
	memset(s->allowedge, 0, (size_t)s->m * sizeof *s->allowedge);
	s->nqueue = 0;
	for (int v = 0; v < n; v++)
		if (s->mate[v] == -1 && s->label[s->inblossom[v]] == 0)
			assign_label(s, v, 1, -1);
	for (;;) {
		while (s->nqueue > 0) {
			int v = s->queue[--s->nqueue];
			assert(s->label[s->inblossom[v]] == 1);
			struct ilist *nb = &s->neighbend[v];
			for (int q = 0; q < nb->len; q++) {
				int p = nb->v[q], k = p / 2, w = s->endpoint[p];
				int64_t kslack = 0;
				if (s->inblossom[v] == s->inblossom[w])
					continue;
				if (!s->allowedge[k]) {
					kslack = slack(s, k);
					if (kslack <= 0)
						s->allowedge[k] = true;
				}
				if (s->allowedge[k]) {
					if (s->label[s->inblossom[w]] == 0) {
						assign_label(s, w, 2, p ^ 1);
					} else if (s->label[s->inblossom[w]] == 1) {
						int base = scan_blossom(s, v, w);
						if (base >= 0) {
							add_blossom(s, base, k);
							if (s->oom)
								return false;
						} else {
							augment_matching(s, k);
							return true;
						}
					} else if (s->label[w] == 0) {
						assert(s->label[s->inblossom[w]] == 2);
						s->label[w] = 2;
						s->labelend[w] = p ^ 1;
					}
				} else if (s->label[s->inblossom[w]] == 1) {
					int b = s->inblossom[v];
					if (s->bestedge[b] == -1 ||
					    kslack < slack(s, s->bestedge[b]))
						s->bestedge[b] = k;
				} else if (s->label[w] == 0) {
					if (s->bestedge[w] == -1 ||
					    kslack < slack(s, s->bestedge[w]))
						s->bestedge[w] = k;
				}
			}
		}
		/* No augmenting path with the current duals: change them. */
		int deltatype = -1, deltaedge = -1, deltablossom = -1;
		int64_t delta = 0;
		if (!max_cardinality) {
			deltatype = 1;
			delta = s->dualvar[0];
			for (int v = 1; v < n; v++)
				if (s->dualvar[v] < delta)
					delta = s->dualvar[v];
		}
		for (int v = 0; v < n; v++) {
			if (s->label[s->inblossom[v]] == 0 && s->bestedge[v] != -1) {
				int64_t d = slack(s, s->bestedge[v]);
				if (deltatype == -1 || d < delta) {
					delta = d;
					deltatype = 2;
					deltaedge = s->bestedge[v];
				}
			}
		}
		for (int b = 0; b < 2 * n; b++) {
			if (s->blossomparent[b] == -1 && s->label[b] == 1 && s->bestedge[b] != -1) {
				int64_t ks = slack(s, s->bestedge[b]);
				assert(ks % 2 == 0);
				int64_t d = ks / 2;
				if (deltatype == -1 || d < delta) {
					delta = d;
					deltatype = 3;
					deltaedge = s->bestedge[b];
				}
			}
		}
		for (int b = n; b < 2 * n; b++) {
			if (s->blossombase[b] >= 0 && s->blossomparent[b] == -1 &&
			    s->label[b] == 2 && (deltatype == -1 || s->dualvar[b] < delta)) {
				delta = s->dualvar[b];
				deltatype = 4;
				deltablossom = b;
			}
		}
		if (deltatype == -1) {
			/* max_cardinality: no further improvement possible */
			deltatype = 1;
			delta = s->dualvar[0];
			for (int v = 1; v < n; v++)
				if (s->dualvar[v] < delta)
					delta = s->dualvar[v];
			if (delta < 0)
				delta = 0;
		}
		for (int v = 0; v < n; v++) {
			if (s->label[s->inblossom[v]] == 1)
				s->dualvar[v] -= delta;
			else if (s->label[s->inblossom[v]] == 2)
				s->dualvar[v] += delta;
		}
		for (int b = n; b < 2 * n; b++) {
			if (s->blossombase[b] >= 0 && s->blossomparent[b] == -1) {
				if (s->label[b] == 1)
					s->dualvar[b] += delta;
				else if (s->label[b] == 2)
					s->dualvar[b] -= delta;
			}
		}
		if (deltatype == 1) {
			return false;
		} else if (deltatype == 2) {
			s->allowedge[deltaedge] = true;
			int i = s->edges[deltaedge].u, j = s->edges[deltaedge].v;
			if (s->label[s->inblossom[i]] == 0)
				i = j;
			assert(s->label[s->inblossom[i]] == 1);
			s->queue[s->nqueue++] = i;
		} else if (deltatype == 3) {
			s->allowedge[deltaedge] = true;
			int i = s->edges[deltaedge].u;
			assert(s->label[s->inblossom[i]] == 1);
			s->queue[s->nqueue++] = i;
		} else {
			expand_blossom(s, deltablossom, false);
		}
	}
}

int tg_max_weight_matching(int n, const struct tg_match_edge *edges, int nedges,
                           bool max_cardinality, int *mate)
{
	for (int v = 0; v < n; v++)
		mate[v] = -1;
	if (n <= 1 || nedges <= 0)
		return 0;
	int64_t maxweight = 0;
	for (int k = 0; k < nedges; k++) {
		const struct tg_match_edge *e = &edges[k];
		if (e->u < 0 || e->v < 0 || e->u >= n || e->v >= n || e->u == e->v ||
		    e->w > TG_MATCH_WEIGHT_MAX || e->w < -TG_MATCH_WEIGHT_MAX)
			return -1;
		if (e->w > maxweight)
			maxweight = e->w;
	}
	struct mw s = {.n = n, .m = nedges, .edges = edges};
	if (mw_alloc(&s, n, nedges) < 0) {
		mw_free(&s);
		return -1;
	}
	for (int k = 0; k < nedges; k++) {
		s.endpoint[2 * k] = edges[k].u;
		s.endpoint[2 * k + 1] = edges[k].v;
		s.oom |= il_push(&s.neighbend[edges[k].u], 2 * k + 1) < 0;
		s.oom |= il_push(&s.neighbend[edges[k].v], 2 * k) < 0;
	}
	for (int v = 0; v < n; v++) {
		s.mate[v] = -1;
		s.inblossom[v] = v;
		s.blossombase[v] = v;
		s.dualvar[v] = maxweight;
	}
	for (int b = 0; b < 2 * n; b++) {
		s.labelend[b] = -1;
		s.blossomparent[b] = -1;
		s.bestedge[b] = -1;
		if (b >= n)
			s.blossombase[b] = -1;
	}
	for (int b = 2 * n - 1; b >= n; b--)
		s.unused[s.nunused++] = b;
	for (int t = 0; t < n && !s.oom; t++) {
		if (!stage(&s, max_cardinality))
			break;
		/* End of a stage: expand S-blossoms whose dual reached zero. */
		for (int b = n; b < 2 * n; b++)
			if (s.blossomparent[b] == -1 && s.blossombase[b] >= 0 && s.label[b] == 1 &&
			    s.dualvar[b] == 0)
				expand_blossom(&s, b, true);
	}
	int rc = s.oom ? -1 : 0;
	if (!s.oom)
		for (int v = 0; v < n; v++)
			mate[v] = s.mate[v] >= 0 ? s.endpoint[s.mate[v]] : -1;
	mw_free(&s);
	return rc;
}
