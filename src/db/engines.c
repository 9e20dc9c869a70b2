/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * engines.c - the serving engines' rules by version (hwdb/engines/,
 * docs/serving.md). Each record covers a range of versions, first to last
 * inclusive, and names the engine's repository and the commit its figures
 * were read at. At finish every record is checked; a plan looks its rules
 * up by engine and version.
 */
#include "db/db.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* A version as a number that orders: vLLM and SGLang "0.19.1" ->
 * 0*1e6 + 19*1e3 + 1; llama.cpp builds "b2824" -> 2824. -1 when it does
 * not parse. */
static double version_rank(const char *v)
{
	double part[3] = {0, 0, 0};
	int n = 0;
	char *end;

	if (!v || !*v)
		return -1;
	if (v[0] == 'b' || v[0] == 'B') {
		long b = strtol(v + 1, &end, 10);
		return end != v + 1 && *end == '\0' && b >= 0 ? (double)b : -1;
	}
	if (v[0] == 'v')
		v++;
	while (n < 3) {
		if (!isdigit((unsigned char)*v))
			return -1;
		part[n++] = (double)strtol(v, &end, 10);
		v = end;
		if (*v != '.')
			break;
		v++;
	}
	/* a fourth number (vLLM 0.10.1.1, a re-release of 0.10.1) ranks as
	 * its release, as a suffix (".post1", "rc1", ".dev") does */
	if (n == 3 && isdigit((unsigned char)*v))
		while (isdigit((unsigned char)*v))
			v++;
	if (*v && !isalpha((unsigned char)*v) && *v != '+' && *v != '-')
		return -1;
	return part[0] * 1e6 + part[1] * 1e3 + part[2];
}

static int is_commit(const char *c)
{
	size_t n = strlen(c);

	if (n < 7 || n > 40)
		return 0;
	for (size_t i = 0; i < n; i++)
		if (!isxdigit((unsigned char)c[i]))
			return 0;
	return 1;
}

static int check_one(const vfp_db *db, size_t i, int *latest_seen,
		     vfp_error *err)
{
	const vfp_engine_version *e = &db->engines.items[i];
	vfp_pos p = db->engines.pos[i];
	vfp_engine k;
	vfp_error inner;
	double lo = version_rank(e->first), hi = version_rank(e->last);

	if (vfp_engine_parse(&k, e->engine, &inner))
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "%s", inner.message);
	if (lo < 0 || hi < 0 || lo > hi || version_rank(e->version) < 0)
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "engine %s %s: first '%s' and last '%s' "
				    "must be versions (0.19, b2824), first <= "
				    "last",
				    e->engine, e->version, e->first, e->last);
	if (e->memory_share > 1 || e->batched_tokens < 0 ||
	    e->batched_tokens_small < 0 || e->max_seqs < 0 ||
	    e->max_seqs_small < 0 || e->kv_block < 0 || e->batch < 0 ||
	    e->offline_batched_tokens < 0 || e->offline_max_seqs < 0 ||
	    e->offline_batched_tokens_small < 0 ||
	    e->offline_max_seqs_small < 0 ||
	    e->offline_batched_tokens > (1 << 24) ||
	    e->offline_batched_tokens_small > (1 << 24) ||
	    e->offline_max_seqs > (1 << 20) ||
	    e->offline_max_seqs_small > (1 << 20) ||
	    e->ubatch < 0 || e->pipeline_copies < 0 ||
	    e->ubatch < 0 || e->pipeline_copies < 0 || e->mid_chunk < 0 ||
	    e->mid_graph_bs < 0 || e->mid_graph_bs_tp4 < 0 ||
	    e->mid_chunk > (1 << 24) || e->mid_graph_bs > (1 << 20) ||
	    e->mid_graph_bs_tp4 > (1 << 20) || e->prefill_graph_bytes < 0 ||
	    e->prefill_graph_mla_bytes < 0 || e->default_context < 0 ||
	    e->tier_context < 0 || e->tier2_context < 0 ||
	    e->default_context > (1 << 24) || e->tier_context > (1 << 24) ||
	    e->tier2_context > (1 << 24) || e->context_tier_bytes < 0 ||
	    e->context_tier2_bytes < 0 ||
	    e->batched_tokens > (1 << 24) ||
	    e->batched_tokens_small > (1 << 24) || e->max_seqs > (1 << 20) ||
	    e->max_seqs_small > (1 << 20) || e->kv_block > 4096 ||
	    e->ubatch > (1 << 20) || e->batch > (1 << 24) ||
	    e->pipeline_copies > 64)
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "engine %s %s: memory_share is a fraction "
				    "up to 1 and the sizes are counts (0 to "
				    "2^24)",
				    e->engine, e->version);
	if (!is_commit(e->commit))
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "commit '%s' is not 7 to 40 hexadecimal "
				    "digits",
				    e->commit);
	for (size_t j = 0; j < i; j++) {
		const vfp_engine_version *o = &db->engines.items[j];
		if (vfp__strcasecmp(o->engine, e->engine) == 0 &&
		    version_rank(o->first) <= hi && lo <= version_rank(o->last))
			return vfp__fail_at(
			    err, VFP_ESCHEMA, p.file, p.line, p.column,
			    "engine %s %s overlaps "
			    "%s %s",
			    e->engine, e->version, o->engine, o->version);
	}
	/* -fit is llama.cpp's (common/arg.cpp); Ollama places by itself */
	if ((e->fit || e->fit_margin_bytes != 0) &&
	    (k != VFP_ENGINE_LLAMACPP || e->fit_margin_bytes < 0 ||
	     e->fit_margin_bytes > 1e12))
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "engine %s %s: fit and fit_margin_mib (0 "
				    "to 10^6) are llama.cpp's",
				    e->engine, e->version);
	if (e->latest && latest_seen[k]++)
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column,
				    "engine %s has two latest versions",
				    e->engine);
	return 0;
}

int vfp__engines_finish(vfp_db *db, vfp_error *err)
{
	int latest[VFP_ENGINE_COUNT_] = {0};
	int rc;

	for (size_t i = 0; i < db->engines.n; i++)
		if ((rc = check_one(db, i, latest, err)))
			return rc;
	return 0;
}

size_t vfp_db_engine_version_count(const vfp_db *db)
{
	return db ? db->engines.n : 0;
}

const vfp_engine_version *vfp_db_engine_version_at(const vfp_db *db, size_t i)
{
	return db && i < db->engines.n ? &db->engines.items[i] : NULL;
}

/* "0.6 (0.6.0-0.7.99), ..." of one engine's records. */
static void list_versions(char *buf, size_t len, const vfp_db *db,
			  const char *engine)
{
	size_t used = 0;

	buf[0] = '\0';
	for (size_t i = 0; i < db->engines.n && used < len; i++) {
		const vfp_engine_version *e = &db->engines.items[i];
		if (vfp__strcasecmp(e->engine, engine))
			continue;
		used +=
		    (size_t)vfp__snprintf(buf + used, len - used, "%s%s to %s",
					  used ? ", " : "", e->first, e->last);
	}
}

int vfp_db_find_engine_version(const vfp_engine_version **out, const vfp_db *db,
			       const char *engine, const char *version,
			       vfp_error *err)
{
	int latest =
	    !version || !*version || vfp__strcasecmp(version, "latest") == 0;
	double want = latest ? 0 : version_rank(version);
	char known[400];

	if (!out || !db || !engine)
		return vfp__fail(err, VFP_EINVAL, "bad arguments");
	*out = NULL;
	for (size_t i = 0; i < db->engines.n; i++) {
		const vfp_engine_version *e = &db->engines.items[i];
		if (vfp__strcasecmp(e->engine, engine))
			continue;
		if (latest ? e->latest
			   : want >= version_rank(e->first) &&
				 want <= version_rank(e->last)) {
			*out = e;
			return 0;
		}
	}
	list_versions(known, sizeof(known), db, engine);
	if (latest)
		return known[0] ? vfp__fail(err, VFP_ESCHEMA,
					    "engine %s: no "
					    "version is marked latest",
					    engine)
				: 0; /* an engine without rules in the db */
	return vfp__fail(err, VFP_EINVAL,
			 "%s version '%s' is not one vfplan "
			 "knows%s%s",
			 engine, version, known[0] ? "; it models " : "",
			 known);
}
