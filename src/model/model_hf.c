/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * model_hf.c - reads a Hugging Face config.json into a vfp_model. Each
 * supported model_type has a table of the JSON keys that hold its sizes and
 * a set of traits (gated MLP, norm kind, biases, tied head) that the file
 * does not state because transformers hardcodes them in each model's class;
 * a few config booleans then switch traits on or off (the tables:
 * model_hf_families.c). A model_type vfplan does not know is read through
 * its `architectures` class when that names a family it knows.
 */
#include "model/model_hf.h"

#include <math.h>
#include <string.h>

static const family *family_named(const char *name)
{
	return vfp__hf_family_named(name);
}

static int unsupported(const char *type, const char *file, vfp_error *err)
{
	size_t n = 0;

	while (vfp__hf_family_at(n))
		n++;
	return vfp__fail_at(err, VFP_EINVAL, file, 0, 0,
			    "unsupported model_type '%.40s' (vfplan reads "
			    "%zu families: 'vfplan models --families' lists "
			    "them)", type, n);
}

/* Old GPT-2 and MPT exports carry no model_type; their key names tell. */
static const char *infer_type(const json_t *root)
{
	if (json_object_get(root, "n_embd"))
		return "gpt2";
	if (json_object_get(root, "d_model") &&
	    json_object_get(root, "expansion_ratio"))
		return "mpt";
	return NULL;
}

/* "DeepseekV3ForCausalLM" -> the family whose name, underscores left
 * out, is the class's stem: deepseek_v3. A model_type vfplan does not
 * know (Kimi K2's kimi_k2) often runs another family's code. */
static const family *family_of_class(const char *cls)
{
	static const char *const suffixes[] = {
		"ForCausalLM", "ForConditionalGeneration", "LMHeadModel",
		"Model"};
	char stem[64], name[64];
	size_t n = strlen(cls);
	const family *f;

	for (size_t i = 0; i < VFP_ARRAY_LEN(suffixes); i++) {
		size_t k = strlen(suffixes[i]);
		if (n > k && strcmp(cls + n - k, suffixes[i]) == 0) {
			n -= k;
			break;
		}
	}
	if (n == 0 || n >= sizeof(stem))
		return NULL;
	vfp__snprintf(stem, sizeof(stem), "%.*s", (int)n, cls);
	for (size_t i = 0; (f = vfp__hf_family_at(i)) != NULL; i++) {
		size_t k = 0;
		for (const char *c = f->name; *c && k + 1 < sizeof(name); c++)
			if (*c != '_')
				name[k++] = *c;
		name[k] = '\0';
		if (vfp__strcasecmp(name, stem) == 0)
			return f;
	}
	return NULL;
}

static const family *family_of_architectures(vfp_model *m, const char *type,
					     const json_t *root)
{
	const json_t *a = json_object_get(root, "architectures");
	size_t i;
	const json_t *v;

	json_array_foreach(a, i, v) {
		const family *f = json_is_string(v)
					  ? family_of_class(json_string_value(v))
					  : NULL;
		if (f) {
			vfp__snprintf(m->read_as, sizeof(m->read_as),
				      "%.24s via %.40s", type,
				      json_string_value(v));
			return f;
		}
	}
	return NULL;
}

/* The family of the config's model_type, else of its architectures;
 * NULL in *out (and *type set) when neither names one: the generic reader
 * reads it. */
static int find_family(vfp_model *m, const family **out, unsigned *traits,
		       const char **type_out, const json_t *root,
		       const char *file, vfp_error *err)
{
	const json_t *v = json_object_get(root, "model_type");
	const char *type = infer_type(root);

	if (v && !json_is_string(v))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'model_type' must be a string, not "
				    "%s", vfp__hf_kind(v));
	if (v)
		type = json_string_value(v);
	else if (!type)
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "missing required key 'model_type'");
	*traits = 0;
	for (size_t i = 0; i < vfp__hf_type_alias_count; i++)
		if (vfp__strcasecmp(vfp__hf_type_aliases[i].model_type,
				    type) == 0) {
			*traits = vfp__hf_type_aliases[i].traits;
			type = vfp__hf_type_aliases[i].family;
			break;
		}
	*type_out = type;
	*out = family_named(type);
	if (!*out)
		*out = family_of_architectures(m, type, root);
	if (*out)
		*traits |= (*out)->traits;
	return 0;
}

static void apply_traits(vfp_model *m, const family *f, unsigned t)
{
	m->mlp = t & T_GATED ? VFP_MLP_GATED : VFP_MLP_PLAIN;
	m->norm = t & T_LAYERNORM ? VFP_NORM_LAYER : VFP_NORM_RMS;
	m->norm_bias = (t & T_LAYERNORM) && (t & T_NORM_BIAS);
	m->tied_embeddings = !!(t & T_TIED);
	m->qkv_bias = !!(t & T_QKV_BIAS);
	m->out_bias = !!(t & T_OUT_BIAS);
	m->mlp_bias = !!(t & T_MLP_BIAS);
	m->router_bias = !!(t & T_ROUTER_BIAS);
	m->head_bias = !!(t & T_HEAD_BIAS);
	m->embed_norm = !!(t & T_EMBED_NORM);
	if (t & T_LEARNED_POS)
		m->learned_positions = m->max_context + f->position_offset;
	if (m->norms_per_layer == 0)
		m->norms_per_layer = f->norms_per_layer;
}

/* A Hugging Face Hub id: "org/name" or "name", no path. */
static int hub_id(const char *s)
{
	int slashes = 0;

	if (!*s || *s == '/' || *s == '.' || *s == '~')
		return 0;
	for (; *s; s++) {
		if (*s == '\\' || *s == ' ' || *s == ':')
			return 0;
		slashes += *s == '/';
	}
	return slashes <= 1;
}

/* _name_or_path when it is a Hub id (a publisher's local path says
 * nothing), else the file's name; a bare config.json is named after its
 * directory, as checkpoints are laid out. */
static void model_name(vfp_model *m, const json_t *root, const char *file)
{
	const json_t *v = json_object_get(root, "_name_or_path");
	const char *end, *start;
	char raw[sizeof(m->name)];

	if (json_is_string(v) && hub_id(json_string_value(v))) {
		vfp__text_clean(m->name, sizeof(m->name), json_string_value(v));
		return;
	}
	end = file + strlen(file);
	if (end - file > 5 && vfp__strcasecmp(end - 5, ".json") == 0)
		end -= 5;
	for (start = end; start > file && start[-1] != '/'; start--)
		;
	if (end - start == 6 && strncmp(start, "config", 6) == 0 &&
	    start - file > 1) {
		end = start - 1;
		for (start = end; start > file && start[-1] != '/'; start--)
			;
	}
	if (start == end) {
		start = "config";
		end = start + 6;
	}
	/* a path's bytes (argv): cleaned for the JSON answer */
	vfp__snprintf(raw, sizeof(raw), "%.*s", (int)(end - start), start);
	vfp__text_clean(m->name, sizeof(m->name), raw);
}

/* Weights per scale: group_size (-1: per channel), 0 when not stated. */
static int group_of(const json_t *o)
{
	const json_t *g = json_object_get(o, "group_size");
	const char *strategy = json_string_value(json_object_get(o, "strategy"));

	if (strategy && strcmp(strategy, "channel") == 0)
		return -1;
	if (!json_is_integer(g))
		return 0;
	return json_integer_value(g) < 0 ? -1
	       : json_integer_value(g) > 65536 ? 0
					       : (int)json_integer_value(g);
}

/* compressed-tensors (llm-compressor): its first config group's weights,
 * 8-bit float (FP8) or 4-bit integer (W4A16, served as GPTQ), with its
 * group size; a symmetric one stores no zero points. */
static const char *compressed_tensors(vfp_model *m, const json_t *q)
{
	const json_t *groups = json_object_get(q, "config_groups"), *g;
	const char *key, *type;
	json_int_t bits;

	json_object_foreach((json_t *)groups, key, g) {
		const json_t *w = json_object_get(g, "weights");
		bits = json_integer_value(json_object_get(w, "num_bits"));
		type = json_string_value(json_object_get(w, "type"));
		if (bits == 8 && type && strcmp(type, "float") == 0)
			return "fp8";
		if (bits == 4 && type && strcmp(type, "int") == 0) {
			m->checkpoint_group_size = group_of(w);
			m->checkpoint_zero_bits =
				json_is_false(json_object_get(w, "symmetric"))
					? 4 : 0;
			return "gptq4";
		}
		return "";
	}
	return "";
}

/* One projection's weights by its transformers name (a dense block, or
 * an expert's); the model derived, so head_dim and kv_heads are set. */
static double projection(const vfp_model *m, const char *name)
{
	double h = (double)m->hidden, d = (double)m->head_dim;

	if (strstr(name, "q_proj") || strstr(name, "o_proj"))
		return h * (double)m->heads * d;
	if (strstr(name, "k_proj") || strstr(name, "v_proj"))
		return h * (double)m->kv_heads * d;
	if (strstr(name, "gate_proj") || strstr(name, "up_proj") ||
	    strstr(name, "down_proj"))
		return h * (double)(strstr(name, "experts") && m->moe_ffn > 0
					    ? m->moe_ffn : m->ffn);
	return 0;
}

/* The block matrices a quantization_config leaves unquantised: entries
 * model.layers.N.self_attn.q_proj ... name one projection (Meta's Llama
 * 3.1 405B FP8 lists every layer's attention, fbgemm_fp8's
 * modules_to_not_convert); one naming self_attn without a layer (a
 * compressed-tensors ignore pattern) means every layer's attention, as
 * the parameter walk counts it. */
static double left_out(const vfp_model *m, const json_t *q)
{
	static const char *const keys[] = {"modules_to_not_convert", "ignore"};
	double sum = 0;
	size_t i;
	const json_t *v;

	for (size_t k = 0; k < VFP_ARRAY_LEN(keys); k++)
		json_array_foreach(json_object_get(q, keys[k]), i, v) {
			const char *name = json_string_value(v);
			vfp_model_parts parts;
			if (!name || m->attention == VFP_ATTENTION_MLA)
				continue;
			if (strstr(name, "layers.") && projection(m, name) > 0) {
				sum += projection(m, name);
			} else if (strstr(name, "self_attn")) {
				vfp__model_parts(m, &parts);
				return parts.attention_linear;
			}
		}
	return sum;
}

/* The checkpoint's quantization_config, or its wrapped text model's
 * (Kimi K2.5's INT4 experts: vLLM's KimiK25Config propagates the text
 * config's). */
static const json_t *quantization_config(const json_t *root)
{
	const json_t *q = json_object_get(root, "quantization_config");

	return q ? q : json_object_get(json_object_get(root, "text_config"),
				       "quantization_config");
}

/* The precision the checkpoint ships its weights in, as its
 * quantization_config says (transformers' quant_method): what `vfplan
 * infer` serves unless --quant says otherwise. A method vfplan does not
 * serve (bitsandbytes, other bit widths) is kept by name, so that infer
 * says so instead of planning bf16. */
static void checkpoint_quant(vfp_model *m, const json_t *root)
{
	const json_t *q = quantization_config(root);
	const char *method = json_string_value(json_object_get(q, "quant_method"));
	json_int_t bits = json_integer_value(json_object_get(q, "bits"));
	const char *kind = "";

	if (!method)
		return;
	if (strcmp(method, "modelopt") == 0) { /* ModelOpt's own keys */
		vfp__modelopt_quant(m, q);
		return;
	}
	vfp__strlcpy(m->checkpoint_method, method,
		     sizeof(m->checkpoint_method));
	if (strcmp(method, "fp8") == 0 || strcmp(method, "fbgemm_fp8") == 0)
		kind = "fp8";
	else if (strcmp(method, "mxfp4") == 0)
		kind = method;
	else if ((strcmp(method, "awq") == 0 || strcmp(method, "gptq") == 0) &&
		 bits == 4) {
		kind = method[0] == 'a' ? "awq4" : "gptq4";
		/* AutoGPTQ packs qzeros whatever sym says; AWQ keeps its zero
		 * points unless zero_point is false */
		m->checkpoint_group_size = group_of(q);
		m->checkpoint_zero_bits =
			method[0] == 'a' &&
					json_is_false(json_object_get(q, "zero_point"))
				? 0 : 4;
	} else if (strcmp(method, "compressed-tensors") == 0)
		kind = compressed_tensors(m, q);
	vfp__strlcpy(m->checkpoint_quant, kind, sizeof(m->checkpoint_quant));
	m->checkpoint_16bit_params = kind[0] ? left_out(m, q) : 0;
}

/* The Config classes' defaults for what a wrapper's text_config leaves
 * out (LlavaConfig's text_config names little but its vocabulary):
 * LlamaConfig, MistralConfig, Llama4TextConfig in transformers. */
static const struct text_defaults {
	const char *family, *json;
} text_defaults[] = {
	{"llama", "{\"hidden_size\": 4096, \"intermediate_size\": 11008, "
		  "\"num_hidden_layers\": 32, \"num_attention_heads\": 32, "
		  "\"vocab_size\": 32000, \"max_position_embeddings\": 2048}"},
	{"mistral", "{\"hidden_size\": 4096, \"intermediate_size\": 14336, "
		    "\"num_hidden_layers\": 32, \"num_attention_heads\": 32, "
		    "\"num_key_value_heads\": 8, \"vocab_size\": 32000, "
		    "\"max_position_embeddings\": 131072}"},
	{"llama4_text", "{\"hidden_size\": 5120, \"intermediate_size\": 8192, "
			"\"intermediate_size_mlp\": 16384, "
			"\"num_hidden_layers\": 48, "
			"\"num_attention_heads\": 40, "
			"\"num_key_value_heads\": 8, \"head_dim\": 128, "
			"\"vocab_size\": 202048, "
			"\"max_position_embeddings\": 131072, "
			"\"num_local_experts\": 16, "
			"\"num_experts_per_tok\": 1}"},
};

/* text_config with its Config class's defaults under what it states. */
static json_t *with_defaults(const json_t *tc, const char *text)
{
	json_t *merged = json_is_object(tc) ? json_deep_copy(tc)
					    : json_object();

	for (size_t i = 0; merged && i < VFP_ARRAY_LEN(text_defaults); i++)
		if (strcmp(text_defaults[i].family, text) == 0) {
			json_t *d = json_loads(text_defaults[i].json, 0, NULL);
			if (d)
				json_object_update_missing(merged, d);
			json_decref(d);
		}
	return merged;
}

/* A wrapper whose text_config is absent or lacks hidden_size while its
 * top level states one (Qwen2.5-VL's older exports, a flattened Qwen3-VL
 * config): the top level's keys, the wrapper's own left out, under what
 * text_config states - never the Config class's defaults instead. */
static void text_at_top(json_t *merged, const json_t *root)
{
	static const char *const own[] = {"model_type", "text_config",
					  "vision_config", "architectures"};
	const char *key;
	json_t *v;

	if (json_object_get(merged, "hidden_size") ||
	    !json_object_get(root, "hidden_size"))
		return;
	json_object_foreach((json_t *)root, key, v) {
		int skip = json_object_get(merged, key) != NULL;
		for (size_t i = 0; i < VFP_ARRAY_LEN(own); i++)
			skip |= strcmp(key, own[i]) == 0;
		if (!skip)
			json_object_set(merged, key, v);
	}
}

/* A size the text family requires that neither text_config, the top
 * level nor a documented Config default (LLaVA's) gives: refused by its
 * name, not read as 0 or a guess. */
static int text_sizes_given(const json_t *merged, const char *type,
			    const char *file, vfp_error *err)
{
	const family *t = family_named(type);

	for (size_t i = 0; t && i < t->n_ints; i++)
		if ((t->ints[i].flags & K_REQUIRED) &&
		    !json_object_get(merged, t->ints[i].keys[0]) &&
		    !(t->ints[i].keys[1] &&
		      json_object_get(merged, t->ints[i].keys[1])))
			return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
					    "missing required key "
					    "'text_config.%s' (the %s text "
					    "model's; nor at the top level)",
					    t->ints[i].keys[0], type);
	return 0;
}

/* A multimodal wrapper: its text_config read as the family it names (or
 * the wrapper's `text`), with its Config class's defaults under what it
 * states and the top level's sizes where it states none; the vision
 * tower and projector counted beside it. Qwen2.5-VL is read as qwen2
 * whatever its text_config says. */
static int read_wrapper(vfp_model *m, const family *f, const json_t *top,
			const char *file, vfp_error *err)
{
	/* Qwen3-Omni nests its text model and towers in the thinker */
	const json_t *thinker = json_object_get(top, "thinker_config");
	const json_t *root = json_is_object(thinker) ? thinker : top;
	const json_t *tc = json_object_get(root, "text_config");
	const char *type = f->text;
	const family *named;
	unsigned traits = f->traits;
	json_t *merged;
	int rc = 0;

	if (tc && !json_is_object(tc))
		return vfp__hf_read_as(m, tc, type, file, err);
	if (!(f->traits & T_TEXT_AT_TOP) &&
	    (rc = vfp__hf_string(&type, tc, "model_type", f->text, file, err)))
		return rc;
	/* an older export names the wrapper itself (qwen3_vl_moe); a text
	 * model_type no table names runs the wrapper's text family's code
	 * (Kimi K2.5's kimi_k2 is DeepSeek-V3's, GLM-4.5V's glm4v_moe_text
	 * GLM-4.5's) */
	named = family_named(type);
	if (named && (named->traits & T_WRAPPER) && named->text)
		type = named->text;
	else if (!named)
		type = f->text;
	merged = with_defaults(tc, type);
	if (!merged)
		return vfp__fail(err, VFP_ENOMEM, "out of memory");
	text_at_top(merged, root);
	/* the wrapper's tie flag when its text_config states none (the
	 * ConditionalGeneration class ties by its own config) */
	if (!json_object_get(merged, "tie_word_embeddings") &&
	    json_object_get(root, "tie_word_embeddings"))
		json_object_set(merged, "tie_word_embeddings",
				json_object_get(root, "tie_word_embeddings"));
	if ((rc = text_sizes_given(merged, type, file, err)) == 0)
		rc = vfp__hf_read_as(m, merged, type, file, err);
	json_decref(merged);
	if (rc)
		return rc;
	if ((rc = vfp__hf_vision(m, root, file, err)) ||
	    (m->vision_params == 0 &&
	     (rc = vfp__hf_vision_mla(m, root, file, err))))
		return rc;
	/* a wrapper's finisher: what its other encoders add */
	if (f->finish && (rc = f->finish(m, &traits, top, file, err)))
		return rc;
	vfp__snprintf(m->read_as, sizeof(m->read_as), "%s text model%s%s",
		      m->family, m->vision_params > 0
				      ? " + vision tower"
				      : " (no vision_config: text only)",
		      m->audio_params > 0 ? " + audio encoder" : "");
	return 0;
}

/* A family's keys, booleans and finisher over one JSON object. */
static int read_family(vfp_model *m, const family *f, unsigned traits,
		       const json_t *obj, const char *file, vfp_error *err)
{
	int rc;

	if (traits & T_WRAPPER) /* it reads its text model as that family */
		return read_wrapper(m, f, obj, file, err);
	for (size_t i = 0; i < f->n_ints; i++)
		if ((rc = vfp__hf_read_key(m, obj, &f->ints[i], file, err)))
			return rc;
	for (size_t i = 0; i < f->n_bools; i++)
		if ((rc = vfp__hf_bool(&traits, obj, &f->bools[i], file, err)))
			return rc;
	if (f->finish && (rc = f->finish(m, &traits, obj, file, err)))
		return rc;
	apply_traits(m, f, traits);
	vfp__strlcpy(m->family, f->name, sizeof(m->family));
	return 0;
}

int vfp__hf_read_as(vfp_model *m, const json_t *obj, const char *name,
		    const char *file, vfp_error *err)
{
	const family *f = family_named(name);

	if (!json_is_object(obj))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 0, 0,
				    "key 'text_config' must be an object, not "
				    "%s", obj ? vfp__hf_kind(obj) : "absent");
	if (!f)
		return unsupported(name, file, err);
	return read_family(m, f, f->traits, obj, file, err);
}

static int read_model(vfp_model *m, const json_t *root, const char *file,
		      vfp_error *err)
{
	const family *f = NULL;
	const char *type = NULL;
	unsigned traits = 0;
	int rc;

	if (!json_is_object(root))
		return vfp__fail_at(err, VFP_ESCHEMA, file, 1, 1,
				    "a config.json holds one object, not %s",
				    vfp__hf_kind(root));
	if ((rc = find_family(m, &f, &traits, &type, root, file, err)))
		return rc;
	rc = f ? read_family(m, f, traits, root, file, err)
	       : vfp__hf_read_generic(m, root, type, file, err);
	if (rc)
		return rc;
	model_name(m, root, file);
	return 0;
}

int vfp__hf_load_root(vfp_model *out, const json_t *root, const char *file,
		      vfp_error *err)
{
	vfp_model m;
	int rc;

	memset(&m, 0, sizeof(m));
	rc = read_model(&m, root, file, err);
	if (rc == 0)
		rc = vfp_model_derive(&m, err);
	/* after the walk: what it leaves unquantised is counted by it */
	if (rc == 0)
		checkpoint_quant(&m, root);
	if (rc == 0)
		*out = m;
	else if (err && !err->file[0])
		/* derive's messages name a field, not the file. */
		vfp__text_clean(err->file, sizeof(err->file), file);
	return rc;
}

int vfp_model_load_hf_json(vfp_model *out, const char *name, const char *json,
			   size_t len, vfp_error *err)
{
	const char *file = name ? name : "";
	json_error_t jerr;
	json_t *root;
	int rc;

	if (!out || !json)
		return vfp__fail(err, VFP_EINVAL, "no model config given");
	root = vfp__json_python_loadb(json, len, 0, &jerr);
	if (!root)
		return vfp__fail_at(err, VFP_EPARSE, file,
				    jerr.line > 0 ? (unsigned)jerr.line : 1,
				    jerr.column > 0 ? (unsigned)jerr.column : 1,
				    "%s", jerr.text);
	rc = vfp__hf_load_root(out, root, file, err);
	json_decref(root);
	return rc;
}
