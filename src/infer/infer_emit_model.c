/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * infer_emit_model.c - what an engine's command names as its model
 * (docs/serving.md, "The command that runs it"): the Hugging Face id a
 * database model is known by, the id or .gguf file the user gave, or
 * nothing (a generic size), when the command says MODEL instead.
 */
#include "infer/infer.h"

#include <string.h>

/* "org/name": one slash, neither end, no spaces or path syntax - the
 * form `vllm serve`, `--model-path` and `--model-id` fetch from the Hub. */
static int hub_form(const char *s)
{
	const char *slash = s ? strchr(s, '/') : NULL;

	if (!slash || slash == s || !slash[1] || strchr(slash + 1, '/') ||
	    *s == '.' || *s == '~')
		return 0;
	return strcspn(s, " \t\\:\"'$`") == strlen(s);
}

static int gguf_path(const char *s)
{
	size_t n = s ? strlen(s) : 0;

	return n > 5 && vfp__strcasecmp(s + n - 5, ".gguf") == 0;
}

/* A database model's first alias in Hub form (its records list the
 * publisher's id first, in models/). */
static const char *alias_id(const vfp_db *db, long index)
{
	for (size_t i = 0; i < db->aliases.n; i++) {
		const vfp_alias *a = &db->aliases.items[i];
		if (a->kind == ALIAS_MODEL && (long)a->index == index &&
		    hub_form(a->name))
			return a->name;
	}
	return NULL;
}

static int has_control(const char *s)
{
	for (; *s; s++)
		if ((unsigned char)*s < 0x20 || *s == 0x7f)
			return 1;
	return 0;
}

/* A checkpoint's directory from the path of its config.json: what the
 * Hugging Face engines load from local disk; 0 when not such a path. */
static int checkpoint_dir(char *out, size_t size, const char *s)
{
	size_t n = s ? strlen(s) : 0;

	if (n <= 12 || strcmp(s + n - 12, "/config.json") || n - 12 >= size)
		return 0;
	memcpy(out, s, n - 12);
	out[n - 12] = '\0';
	return 1;
}

/* The id for the name given (`name`) of a model resolved as `resolved`
 * (NULL: not resolved, a Hub id or a directory only), into out. */
static void find_id(char *out, size_t size, const vfp_db *db,
		    const char *name, const char *resolved)
{
	const char *id = NULL;
	long index = name ? vfp__db_model_index(db, name) : -1;

	if (index >= 0)
		id = hub_form(name) ? name : alias_id(db, index);
	else if (gguf_path(name))
		id = name;
	else if (hub_form(resolved ? resolved : name))
		id = resolved ? resolved : name; /* a config's _name_or_path,
						    a Hub fetch */
	else if (checkpoint_dir(out, size, name))
		id = out;
	/* a name the command cannot carry on one line, or longer than
	 * the id's room: MODEL, as for a generic size */
	if (!id || strlen(id) >= size || has_control(id))
		id = "";
	if (id != out)
		vfp__snprintf(out, size, "%s", id);
}

void vfp__infer_model_id(vfp_infer_result *r, const vfp_db *db,
			 const vfp_infer_job *job)
{
	find_id(r->model_id, sizeof(r->model_id), db, job->model,
		r->model.name);
	/* the proposer's: a draft model as the model; an EAGLE head's
	 * repository as given (a Hub id or a checkpoint's directory) */
	r->spec_model_id[0] = '\0';
	if (job->spec_method == VFP_SPEC_DRAFT)
		find_id(r->spec_model_id, sizeof(r->spec_model_id), db,
			job->spec_model, r->spec_model.name);
	else if (job->spec_model && (job->spec_method == VFP_SPEC_EAGLE ||
				     job->spec_method == VFP_SPEC_EAGLE3))
		find_id(r->spec_model_id, sizeof(r->spec_model_id), db,
			job->spec_model, NULL);
}
