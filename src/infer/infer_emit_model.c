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

void vfp__infer_model_id(vfp_infer_result *r, const vfp_db *db,
			 const vfp_infer_job *job)
{
	const char *name = job->model, *id = NULL;
	long index = name ? vfp__db_model_index(db, name) : -1;

	if (index >= 0)
		id = hub_form(name) ? name : alias_id(db, index);
	else if (gguf_path(name))
		id = name;
	else if (hub_form(r->model.name))
		id = r->model.name; /* a config's _name_or_path, a Hub fetch */
	else if (checkpoint_dir(r->model_id, sizeof(r->model_id), name))
		id = r->model_id;
	/* a name the command cannot carry on one line, or longer than
	 * model_id: MODEL, as for a generic size */
	if (!id || strlen(id) >= sizeof(r->model_id) || has_control(id))
		id = "";
	if (id != r->model_id)
		vfp__snprintf(r->model_id, sizeof(r->model_id), "%s", id);
}
