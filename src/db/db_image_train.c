/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * db_image_train.c - the LoRA trainers' table (models/image-trainers.yaml):
 * for each trainer and denoiser family, the Linears it adapts and its
 * defaults, as the trainer's code sets them.
 */
#include "db/db.h"

#include <stddef.h>

/* In the order of vfp_image_trainer, vfp_image_class and
 * vfp_image_optimizer (image_quant.c and db_image.c name them too). */
static const char *const trainer_names[] = {
	"kohya", "ai-toolkit", "diffusers", "simpletuner", "onetrainer", NULL};
static const char *const family_names[] = {"flux", "sd3", "unet", "wan",
					   "vae", "vae_wan", "clip", "t5",
					   "flux2", "llm", "qwenimage",
					   "hidream", NULL};
static const char *const optimizer_names[] = {
	"adamw", "adamw8bit", "prodigy", "adafactor", "came", "lion", "sgd",
	"adamw-bf16", NULL};

#define FT(key, type, member, req) \
	{key, type, offsetof(vfp_image_trainer_row, member), 0, req, 0, NULL}
#define FE(key, member, names) \
	{key, F_ENUM, offsetof(vfp_image_trainer_row, member), 0, 1, 0, names}

const field vfp__image_trainer_fields[] = {
	FE("trainer", trainer, trainer_names),
	FE("family", family, family_names),
	FT("fused", F_BOOL, fused, 0),
	FT("attn", F_BOOL, attn, 0),
	FT("context", F_BOOL, context, 0),
	FT("mlp", F_BOOL, mlp, 0),
	FT("context_mlp", F_BOOL, context_mlp, 0),
	FT("single", F_BOOL, single, 0),
	FT("mod", F_BOOL, mod, 0),
	FT("proj", F_BOOL, proj, 0),
	FT("te_mlp", F_BOOL, te_mlp, 0),
	FE("optimizer", optimizer, optimizer_names),
	FT("adapter_bytes", F_NUM, adapter_bytes, 1),
	FT("ema", F_BOOL, ema, 0),
	FT("sample_steps", F_I64, sample_steps, 0),
	FT("sample_text_cached", F_BOOL, sample_text_cached, 0),
	FT("rank", F_I64, rank, 1),
	FT("targets", F_STR, targets, 1),
	FT("source", F_STR, source, 1),
};
const size_t vfp__image_trainer_field_count =
	VFP_ARRAY_LEN(vfp__image_trainer_fields);

const vfp_image_trainer_row *vfp__image_trainer_row(const vfp_db *db,
						    int trainer, int family)
{
	for (size_t i = 0; i < db->image_trainers.n; i++) {
		const vfp_image_trainer_row *t = &db->image_trainers.items[i];
		if (t->trainer == trainer && t->family == family)
			return t;
	}
	return NULL;
}
