/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * frameworks.c - framework profiles (hwdb/frameworks/): what each
 * training stack does by default, every setting with the framework's file
 * and commit it was read from (docs/frameworks.md). At finish each setting
 * is checked (a known key, a value of its kind, a commit that is one) and
 * grouped under its framework; plans apply them in framework_apply.c.
 */
#include "db/db.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

static const char *const lever_keys[VFP_LEVER_COUNT_] = {
	[VFP_LEVER_CKPT] = "ckpt",
	[VFP_LEVER_SELECTIVE] = "selective",
	[VFP_LEVER_LOSS] = "loss",
	[VFP_LEVER_ATTN] = "attn",
	[VFP_LEVER_FUSED] = "fused_kernels",
	[VFP_LEVER_COMPILE] = "compile",
	[VFP_LEVER_DDP_BUCKET_VIEW] = "ddp_bucket_view",
	[VFP_LEVER_FSDP_VERSION] = "fsdp_version",
	[VFP_LEVER_LORA_DROPOUT] = "lora_dropout",
	[VFP_LEVER_LORA_FP32] = "lora_fp32",
	[VFP_LEVER_NF4_DOUBLE_QUANT] = "nf4_double_quant",
	[VFP_LEVER_NF4_HEAD] = "nf4_head",
	[VFP_LEVER_OPTIMIZER_IMPL] = "optimizer_impl",
	[VFP_LEVER_LOGITS_KEPT] = "logits_kept",
	[VFP_LEVER_FUSED_QKV] = "fused_qkv",
	[VFP_LEVER_KV_REPEAT] = "kv_repeat",
	[VFP_LEVER_AUTOCAST] = "autocast",
	[VFP_LEVER_ACT_OFFLOAD] = "act_offload",
	[VFP_LEVER_GRAPH_KEPT] = "graph_kept",
	[VFP_LEVER_FSDP_REDUCE_FP32] = "fsdp_reduce_fp32",
	[VFP_LEVER_FSDP_NO_SYNC] = "fsdp_no_sync",
	[VFP_LEVER_MOE_IMPL] = "moe_impl",
	[VFP_LEVER_COMPILE_LOSS] = "compile_loss",
	[VFP_LEVER_CP_IMPL] = "cp_impl",
	[VFP_LEVER_DEEPSPEED_ZERO] = "deepspeed_zero",
	[VFP_LEVER_NF4_FP16_STATE] = "nf4_fp16_state",
	[VFP_LEVER_GRADS_FP32] = "grads_fp32",
	[VFP_LEVER_FSDP_FROZEN_GRADS] = "fsdp_frozen_grads",
};

/* Settings that inform (listed by `vfplan frameworks`) but set nothing:
 * DeepSpeed's and Megatron's own knobs, recorded with their source. */
static const char *const info_prefixes[] = {"ds_", "mg_", "info_"};

const char *vfp_lever_key(vfp_lever lever)
{
	return (unsigned)lever < VFP_LEVER_COUNT_ ? lever_keys[lever]
						  : "unknown";
}

static const char *lever_key_at(const void *ctx, size_t i)
{
	(void)ctx;
	return lever_keys[i];
}

static int is_info_key(const char *key)
{
	for (size_t i = 0; i < VFP_ARRAY_LEN(info_prefixes); i++)
		if (strncmp(key, info_prefixes[i],
			    strlen(info_prefixes[i])) == 0 &&
		    key[strlen(info_prefixes[i])])
			return 1;
	return 0;
}

static int fail_setting(vfp_error *err, vfp_pos p, const char *fmt,
			const char *a, const char *b)
{
	return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line, p.column, fmt,
			    a, b);
}

/* A commit is 7 to 40 hexadecimal digits: a tag or a branch moves. */
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

static int parse_bool(double *out, const char *v)
{
	if (vfp__strcasecmp(v, "true") == 0 || strcmp(v, "1") == 0)
		*out = 1;
	else if (vfp__strcasecmp(v, "false") == 0 || strcmp(v, "0") == 0)
		*out = 0;
	else
		return -1;
	return 0;
}

/* "selective" says what the framework's selective means: Megatron's,
 * op-level, or every K-th block. */
static int parse_selective(double *out, int *every, const char *v,
			   vfp_error *err)
{
	vfp_ckpt c;

	if (vfp__strcasecmp(v, "megatron") == 0) {
		*out = VFP_CKPT_SELECTIVE;
		return 0;
	}
	if (vfp_ckpt_parse(&c, every, v, err) ||
	    (c != VFP_CKPT_OP && c != VFP_CKPT_EVERY))
		return vfp__fail(err, VFP_EINVAL, "expected megatron, op or "
				 "every:K, not '%s'", v);
	*out = c;
	return 0;
}

static int parse_enum_value(double *out, vfp_enum which, const char *v,
			    vfp_error *err)
{
	int e;
	int rc = vfp_enum_parse(&e, which, v, err);

	*out = e;
	return rc;
}

/* The value of lever k as the file spells it. */
static int parse_value(double *out, int *every, vfp_lever k, const char *v,
		       vfp_error *err)
{
	vfp_ckpt c;
	int rc;

	*every = 0;
	switch (k) {
	case VFP_LEVER_CKPT:
		rc = vfp_ckpt_parse(&c, every, v, err);
		*out = c;
		return rc;
	case VFP_LEVER_SELECTIVE:
		return parse_selective(out, every, v, err);
	case VFP_LEVER_LOSS:
		return parse_enum_value(out, VFP_ENUM_LOSS, v, err);
	case VFP_LEVER_ATTN:
		return parse_enum_value(out, VFP_ENUM_ATTN, v, err);
	case VFP_LEVER_OPTIMIZER_IMPL:
		return parse_enum_value(out, VFP_ENUM_OPTIMIZER_IMPL, v, err);
	case VFP_LEVER_MOE_IMPL:
		return parse_enum_value(out, VFP_ENUM_MOE_IMPL, v, err);
	case VFP_LEVER_CP_IMPL:
		return parse_enum_value(out, VFP_ENUM_CP_IMPL, v, err);
	case VFP_LEVER_FSDP_VERSION:
		if (strcmp(v, "1") && strcmp(v, "2"))
			return vfp__fail(err, VFP_EINVAL,
					 "expected 1 or 2, not '%s'", v);
		*out = v[0] - '0';
		return 0;
	case VFP_LEVER_LORA_DROPOUT:
		if (vfp__parse_double(out, v) || *out < 0 || *out >= 1)
			return vfp__fail(err, VFP_EINVAL, "expected a "
					 "probability from 0 to 1, not '%s'",
					 v);
		return 0;
	default:
		if (parse_bool(out, v))
			return vfp__fail(err, VFP_EINVAL, "expected true or "
					 "false, not '%s'", v);
		return 0;
	}
}

static long framework_index(const vfp_db *db, const char *name)
{
	for (size_t i = 0; i < db->frameworks.n; i++)
		if (vfp__strcasecmp(db->frameworks.items[i].name, name) == 0)
			return (long)i;
	return -1;
}

static const char *framework_name_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->frameworks.items[i].name;
}

int vfp__framework_name_taken(const vfp_db *db, const char *name)
{
	return framework_index(db, name) >= 0;
}

/* Its since and until are versions, in order. */
static int check_range(const vfp_framework_setting *s, vfp_pos p,
		       vfp_error *err)
{
	if (s->since && !vfp__version_valid(s->since))
		return fail_setting(err, p, "since '%s'%s", s->since,
				    " is not a version like 1.6.0 or 2025.04");
	if (s->until && !vfp__version_valid(s->until))
		return fail_setting(err, p, "until '%s'%s", s->until,
				    " is not a version like 1.6.0 or 2025.04");
	if (s->since && s->until && vfp__version_cmp(s->since, s->until) >= 0)
		return fail_setting(err, p, "since '%s' is not before until "
				    "'%s'", s->since, s->until);
	return 0;
}

/* An earlier row of the same framework and key whose versions overlap
 * this one's: one value per version. */
static int overlaps_earlier(const vfp_db *db, size_t i)
{
	const vfp_framework_setting *s = &db->settings.items[i];

	for (size_t e = 0; e < i; e++) {
		const vfp_framework_setting *o = &db->settings.items[e];
		if (!vfp__strcasecmp(o->framework, s->framework) &&
		    !strcmp(o->key, s->key) && vfp__settings_overlap(o, s))
			return 1;
	}
	return 0;
}

/* The lever a key names, else -1 (an informational key) or -2. */
static int lever_of(const char *key)
{
	for (size_t k = 0; k < VFP_LEVER_COUNT_; k++)
		if (strcmp(lever_keys[k], key) == 0)
			return (int)k;
	return is_info_key(key) ? -1 : -2;
}

/* Checks one setting and, for a lever, parses its value; the row that
 * holds for the latest version (no until) is the framework's lever. */
static int check_setting(vfp_db *db, size_t i, vfp_error *err)
{
	vfp_framework_setting *s = &db->settings.items[i];
	vfp_pos p = db->settings.pos[i];
	long f = framework_index(db, s->framework);
	const char *near;
	char hint[96];
	vfp_framework *fw;
	vfp_error inner;
	int k, rc;

	if (f < 0) {
		near = vfp__nearest(s->framework, db, db->frameworks.n,
				    framework_name_at);
		vfp__did_you_mean(hint, sizeof(hint), near);
		return fail_setting(err, p, "unknown framework '%s'%s",
				    s->framework, hint);
	}
	if (!is_commit(s->commit))
		return fail_setting(err, p, "commit '%s'%s", s->commit,
				    " is not 7 to 40 hexadecimal digits");
	if ((rc = check_range(s, p, err)))
		return rc;
	fw = &db->frameworks.items[f];
	s->lever = k = lever_of(s->key);
	if (k == -1)
		return 0;
	if (k < 0) {
		near = vfp__nearest(s->key, NULL, VFP_LEVER_COUNT_,
				    lever_key_at);
		vfp__did_you_mean(hint, sizeof(hint), near);
		return fail_setting(err, p, "unknown setting '%s'%s (or an "
				    "informational ds_*, mg_* or info_* key)",
				    s->key, hint);
	}
	if (overlaps_earlier(db, i))
		return fail_setting(err, p, "framework '%s' sets '%s' twice "
				    "for one version (since/until overlap)",
				    fw->name, s->key);
	if (parse_value(&s->parsed, &s->every, (vfp_lever)k, s->value,
			&inner))
		return vfp__fail_at(err, VFP_ESCHEMA, p.file, p.line,
				    p.column, "%s: %s", s->key,
				    inner.message);
	if (!s->until) {
		fw->lever[k] = s; /* re-pointed after the settings are grouped */
		fw->value[k] = s->parsed;
		fw->every[k] = s->every;
	}
	return 0;
}

/* Groups the settings by framework, in file order within each, so that a
 * framework's are first_setting .. + n_settings; re-points its levers. */
static int group_settings(vfp_db *db, vfp_error *err)
{
	size_t n = db->settings.n, at = 0;
	vfp_framework_setting *out = malloc((n + 1) * sizeof(*out));
	vfp_pos *pos = malloc((n + 1) * sizeof(*pos));

	if (!out || !pos) {
		free(out);
		free(pos);
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	}
	for (size_t f = 0; f < db->frameworks.n; f++) {
		vfp_framework *fw = &db->frameworks.items[f];
		fw->first_setting = at;
		for (size_t i = 0; i < n; i++) {
			vfp_framework_setting *s = &db->settings.items[i];
			if (framework_index(db, s->framework) != (long)f)
				continue;
			for (size_t k = 0; k < VFP_LEVER_COUNT_; k++)
				if (fw->lever[k] == s)
					fw->lever[k] = &out[at];
			pos[at] = db->settings.pos[i];
			out[at++] = *s;
		}
		fw->n_settings = at - fw->first_setting;
		fw->settings = &out[fw->first_setting];
	}
	free(db->settings.items);
	free(db->settings.pos);
	db->settings.items = out;
	db->settings.pos = pos;
	db->settings.cap = n + 1;
	return 0;
}

int vfp__frameworks_finish(vfp_db *db, vfp_error *err)
{
	int rc;

	for (size_t i = 0; i < db->frameworks.n; i++) {
		vfp_framework *fw = &db->frameworks.items[i];
		if (framework_index(db, fw->name) != (long)i)
			return fail_setting(err, db->frameworks.pos[i],
					    "duplicate framework '%s'%s",
					    fw->name, "");
		memset(fw->lever, 0, sizeof(fw->lever));
		if (fw->first_version && !vfp__version_valid(fw->first_version))
			return fail_setting(err, db->frameworks.pos[i],
					    "first_version '%s'%s",
					    fw->first_version, " is not a "
					    "version like 1.6.0 or 2025.04");
	}
	for (size_t i = 0; i < db->settings.n; i++)
		if ((rc = check_setting(db, i, err)))
			return rc;
	return group_settings(db, err);
}

size_t vfp_db_framework_count(const vfp_db *db)
{
	return db ? db->frameworks.n : 0;
}

const vfp_framework *vfp_db_framework_at(const vfp_db *db, size_t i)
{
	return db && i < db->frameworks.n ? &db->frameworks.items[i] : NULL;
}

const vfp_framework_setting *vfp_db_framework_setting_at(const vfp_db *db,
							 size_t i)
{
	return db && i < db->settings.n ? &db->settings.items[i] : NULL;
}

/* Names, then aliases of frameworks. */
static const char *fw_candidate_at(const void *ctx, size_t i)
{
	const vfp_db *db = ctx;
	const vfp_alias *a;

	if (i < db->frameworks.n)
		return db->frameworks.items[i].name;
	a = &db->aliases.items[i - db->frameworks.n];
	return a->kind == ALIAS_FRAMEWORK ? a->name : NULL;
}

/* "a, b or c" of every framework's name. */
static void list_frameworks(char *buf, size_t len, const vfp_db *db)
{
	size_t used = 0, n = db->frameworks.n;

	buf[0] = '\0';
	for (size_t i = 0; i < n && used < len; i++)
		used += (size_t)vfp__snprintf(buf + used, len - used, "%s%s",
					      i == 0	  ? ""
					      : i + 1 < n ? ", "
							  : " or ",
					      db->frameworks.items[i].name);
}

int vfp_db_find_framework(const vfp_framework **out, const vfp_db *db,
			  const char *name, vfp_error *err)
{
	size_t n;
	char hint[96], names[200];

	if (!out || !db || !name || !*name)
		return vfp__fail(err, VFP_EINVAL, "no framework name given");
	n = db->frameworks.n + db->aliases.n;
	for (size_t i = 0; i < n; i++) {
		const char *c = fw_candidate_at(db, i);
		if (!c || vfp__strcasecmp(c, name))
			continue;
		*out = i < db->frameworks.n
			       ? &db->frameworks.items[i]
			       : &db->frameworks.items[db->aliases.items
							       [i - db->frameworks.n]
								       .index];
		return 0;
	}
	vfp__did_you_mean(hint, sizeof(hint),
			  vfp__nearest(name, db, n, fw_candidate_at));
	list_frameworks(names, sizeof(names), db);
	return vfp__fail(err, VFP_ENOTFOUND,
			 "unknown framework '%s'%s; expected %s", name, hint,
			 names);
}
