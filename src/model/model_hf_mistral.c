/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf_mistral.c - Mistral's own params.json (mistral-inference: dim,
 * n_layers, head_dim, hidden_dim, n_heads, n_kv_heads, vocab_size, moe,
 * vision_encoder), translated into the Hugging Face keys of the family it
 * matches and read as that family: mistral, mixtral (a `moe` block), or
 * mistral3 with a Pixtral tower (a `vision_encoder` block).
 */
#include "model/model_hf.h"

#include <stdio.h>
#include <string.h>

/* params.json key -> config.json key, for the text model. */
static const char *const text_keys[][2] = {
	{"dim", "hidden_size"},
	{"n_layers", "num_hidden_layers"},
	{"head_dim", "head_dim"},
	{"hidden_dim", "intermediate_size"},
	{"n_heads", "num_attention_heads"},
	{"n_kv_heads", "num_key_value_heads"},
	{"vocab_size", "vocab_size"},
	{"max_seq_len", "max_position_embeddings"},
};

static void copy_key(json_t *to, const char *key, const json_t *from,
		     const char *from_key)
{
	json_t *v = json_object_get(from, from_key);

	if (v)
		json_object_set(to, key, v);
}

static json_t *text_config(const json_t *p)
{
	const json_t *moe = json_object_get(p, "moe");
	json_t *t = json_object();

	for (size_t i = 0; i < VFP_ARRAY_LEN(text_keys); i++)
		copy_key(t, text_keys[i][1], p, text_keys[i][0]);
	/* mistral-inference trains with 32k positions unless it says */
	if (!json_object_get(t, "max_position_embeddings"))
		json_object_set_new(t, "max_position_embeddings",
				    json_integer(32768));
	json_object_set_new(t, "tie_word_embeddings",
			    json_boolean(json_is_true(
				    json_object_get(p, "tied_embeddings"))));
	json_object_set_new(t, "model_type",
			    json_string(json_is_object(moe) ? "mixtral"
							    : "mistral"));
	if (json_is_object(moe)) {
		copy_key(t, "num_local_experts", moe, "num_experts");
		copy_key(t, "num_experts_per_tok", moe, "num_experts_per_tok");
	}
	return t;
}

/* The checkpoint directory's name, as Hugging Face lays checkpoints out. */
static void dir_name(char *buf, size_t n, const char *file)
{
	const char *end = strrchr(file, '/'), *start = end;

	if (!end || end == file) {
		vfp__strlcpy(buf, "params", n);
		return;
	}
	while (start > file && start[-1] != '/')
		start--;
	vfp__snprintf(buf, n, "%.*s", (int)(end - start), start);
}

int vfp__mistral_params(vfp_model *out, const json_t *p, const char *file,
			vfp_error *err)
{
	const json_t *ve = json_object_get(p, "vision_encoder");
	json_t *t = text_config(p);
	const char *type = json_string_value(json_object_get(t, "model_type"));
	vfp_model m;
	int rc;

	memset(&m, 0, sizeof(m));
	rc = vfp__hf_read_as(&m, t, type, file, err);
	json_decref(t);
	if (rc == 0 && json_is_object(ve)) {
		json_t *root = json_object();
		json_object_set_new(root, "model_type", json_string("mistral3"));
		json_object_set(root, "vision_config", (json_t *)ve);
		rc = vfp__hf_vision(&m, root, file, err);
		json_decref(root);
	}
	if (rc)
		return rc;
	vfp__snprintf(m.read_as, sizeof(m.read_as),
		      "Mistral params.json as %s%s", m.family,
		      m.vision_params > 0 ? " + vision tower" : "");
	dir_name(m.name, sizeof(m.name), file);
	if ((rc = vfp_model_derive(&m, err)))
		return rc;
	*out = m;
	return 0;
}
