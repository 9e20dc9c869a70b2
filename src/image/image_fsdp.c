/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_fsdp.c - placement parallel-fsdp: Wan's own multi-GPU run,
 * `torchrun --nproc_per_node N generate.py --dit_fsdp --t5_fsdp
 * --ulysses_size N` (Wan-Video/Wan2.2 @42bf4cfa, Wan2.1 the same
 * wan/distributed/fsdp.py): the DiT experts and T5 sharded by FSDP, the
 * tokens split over the GPUs with Ulysses all-to-alls (image_xdit.c), the
 * VAE whole on every GPU and decoding on rank 0 (docs/image.md, "Wan's
 * own multi-GPU run").
 */
#include "image/image.h"

#include <math.h>

/* shard_model (wan/distributed/fsdp.py): FULL_SHARD, one FSDP unit a
 * block (lambda_auto_wrap_policy: m in model.blocks), the rest in the
 * root unit, MixedPrecision(param_dtype=bfloat16): the shards keep the
 * dtype the module was loaded in and each unit is gathered as bf16.
 * WanModel.from_pretrained gets no torch_dtype (wan/text2video.py,
 * image2video.py): fp32 parameters, 4 bytes a shard element, and
 * --convert_model_dtype "only works without FSDP" (_configure_model). */
enum { SHARD_FP32 = 4, GATHERED_BF16 = 2 };

/* FSDP1's rate limiter lets the CPU run ahead by two all-gathers
 * (torch/distributed/fsdp/_limiter_utils.py _FreeEventQueue, queue limit
 * 2; limit_all_gathers defaults to True): the block computing and the
 * next one gathered. */
enum { UNITS_IN_FLIGHT = 2 };

/* Wan 2.1 I2V's blocks also hold the image's k and v (WanI2VCrossAttention:
 * k_img, v_img Linear(dim, dim) and norm_k_img, Wan2.1 @9737cba9
 * wan/modules/model.py), which vfp__image_block_params leaves out. */
static double image_kv(const vfp_image_component *c)
{
	double d = vfp__image_hidden(c);

	return c->cls == VFP_IMAGE_WAN && c->image_dim > 0
		       ? 2 * (d * d + d) + d : 0;
}

/* A part's FSDP units: its largest block, its blocks' sum, the root's
 * parameters. The T5 encoder's blocks are its layers; its root keeps the
 * token embedding and the final norm (wan/modules/t5.py T5Encoder:
 * token_embedding, blocks, norm; umt5 shared_pos False puts each block's
 * relative embedding in the block). */
static void units(const vfp_image_part *q, double *block, double *blocks,
		  double *root)
{
	const vfp_image_component *c = q->c;
	int64_t n = vfp__image_block_count(c);

	*block = *blocks = 0;
	if (c->cls == VFP_IMAGE_T5 && c->layers > 0) {
		*root = (double)c->vocab * (double)c->hidden +
			(double)c->hidden;
		*blocks = fmax(0, q->params - *root);
		*block = *blocks / (double)c->layers;
		return;
	}
	for (int64_t i = 0; i < n; i++) {
		double b = vfp__image_block_params(c, i) + image_kv(c);
		*block = fmax(*block, b);
		*blocks += b;
	}
	*root = fmax(0, q->params - *blocks);
}

/* The parts shard_fn wraps: the DiT experts and T5 (t5_fsdp); Wan 2.1
 * I2V's CLIP image encoder is built whole on every rank
 * (Wan2.1 @9737cba9 wan/image2video.py: CLIPModel(..., device=
 * self.device), the DiT through shard_fn). */
static int sharded(const vfp_image_result *r, int i)
{
	const vfp_image_part *q = &r->parts[i];

	if (!q->c || i == PART_VAE)
		return 0;
	if (i < PART_DENOISER)
		return q->c->cls == VFP_IMAGE_T5;
	return i != PART_REFINER || r->pipeline->denoiser_2;
}

/* Wan's generate.py asserts each of these (generate.py _validate_args
 * and main @42bf4cfa): t5_fsdp and dit_fsdp need a distributed run,
 * ulysses_size equals the world size and divides num_heads. */
int vfp__image_fsdp_possible(const vfp_image_result *r, char *why, size_t n)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	const vfp_image_job *j = &r->job;

	if (r->n_gpus < 2)
		vfp__snprintf(why, n, "parallel-fsdp needs 2 GPUs or more "
			      "(Wan's generate.py: t5_fsdp and dit_fsdp are "
			      "not supported in non-distributed environments)");
	else if (d->cls != VFP_IMAGE_WAN)
		vfp__snprintf(why, n, "parallel-fsdp is Wan's generate.py "
			      "(--dit_fsdp --t5_fsdp --ulysses_size N); %s's "
			      "denoiser is not a Wan transformer",
			      r->pipeline->name);
	else if (d->heads % r->n_gpus)
		vfp__snprintf(why, n, "parallel-fsdp splits %s's %lld heads "
			      "over the GPUs (Ulysses); %lld does not divide "
			      "them (generate.py asserts num_heads %% "
			      "ulysses_size == 0)", r->pipeline->name,
			      (long long)d->heads, (long long)r->n_gpus);
	else if (j->quant != VFP_IMAGE_BF16 || j->text_quant != VFP_IMAGE_BF16)
		vfp__snprintf(why, n, "parallel-fsdp shards Wan's fp32 "
			      "weights and computes in bf16 (shard_model's "
			      "MixedPrecision), T5 in bf16; --quant %s "
			      "--text-quant %s is not what it runs",
			      vfp_image_quant_name(j->quant),
			      vfp_image_quant_name(j->text_quant));
	else
		return 1;
	return 0;
}

/* What GPU g holds: every sharded part's 1/N (the DiT's fp32, T5's as
 * loaded, bf16), each root unit unsharded in bf16 once it has run (FSDP1
 * keeps the root's parameters after the forward under FULL_SHARD:
 * _runtime_utils.py _post_forward_reshard frees them only when not
 * state._is_root), the VAE whole (Wan2_1_VAE(device=self.device) on
 * every rank). Activations: the largest stage with UNITS_IN_FLIGHT
 * blocks gathered in bf16: T5 over the prompt (every rank encodes it),
 * the DiT over its 1/N of the tokens (part_peaks), and on rank 0 alone
 * the VAE decode of the whole clip (text2video.py: if self.rank == 0:
 * videos = self.vae.decode(x0)). */
void vfp__image_fsdp_hold(const vfp_image_result *r, int g, double *weights,
			  double *act)
{
	double n = r->n_gpus;

	*weights = *act = 0;
	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		double block, blocks, root;

		if (!q->c || q->gpu < 0)
			continue;
		if (!sharded(r, i)) {
			*weights += q->weights_bytes;
			if (g == 0 || i != PART_VAE)
				*act = fmax(*act, q->peak_bytes);
			continue;
		}
		units(q, &block, &blocks, &root);
		*weights += (i < PART_DENOISER ? q->weights_bytes
					       : q->params * SHARD_FP32) / n +
			    root * GATHERED_BF16;
		*act = fmax(*act, q->peak_bytes +
					  UNITS_IN_FLIGHT * block * GATHERED_BF16);
	}
}

/* One forward's all-gathers of part i: every rank receives (N-1)/N of
 * each unit's bf16 parameters over the link (a ring all-gather); the
 * root only at its first forward (root 1), kept after it. */
double vfp__image_fsdp_gather_seconds(const vfp_image_result *r,
				      const vfp_db *db, int i, int root)
{
	const vfp_image_part *q = &r->parts[i];
	double n = r->n_gpus, block, blocks, rest;

	if (r->placement != VFP_IMAGE_PARALLEL_FSDP || !sharded(r, i) ||
	    q->gpu < 0)
		return 0;
	units(q, &block, &blocks, &rest);
	return (blocks + (root ? rest : 0)) * GATHERED_BF16 * (n - 1) / n /
	       vfp__image_link_bw(r, db);
}

/* --explain: what each GPU holds of the sharded parts, the blocks in
 * flight, the step's time on the link. */
void vfp__image_fsdp_terms(vfp_image_result *r)
{
	double n = r->n_gpus, shards = 0, roots = 0, block = 0;

	for (int i = 0; i < r->n_parts; i++) {
		const vfp_image_part *q = &r->parts[i];
		double b, blocks, root;

		if (!sharded(r, i) || q->gpu < 0)
			continue;
		units(q, &b, &blocks, &root);
		shards += (i < PART_DENOISER ? q->weights_bytes
					     : q->params * SHARD_FP32) / n;
		roots += root * GATHERED_BF16;
		if (i >= PART_DENOISER)
			block = fmax(block, b);
	}
	vfp__image_term(r, "fsdp_shards", "FSDP shards on each GPU", shards,
			"docs/image.md, \"Wan's own multi-GPU run\"",
			"DiT params x 4 / N + T5 bytes / N",
			"the experts' fp32 and T5's bf16 over %.0f GPUs", n);
	vfp__image_term(r, "fsdp_roots", "FSDP roots kept unsharded", roots,
			"docs/image.md, \"Wan's own multi-GPU run\"",
			"root params x 2",
			"embeddings, time projection and head in bf16, kept "
			"after their forward");
	vfp__image_term(r, "fsdp_in_flight", "DiT blocks gathered in flight",
			UNITS_IN_FLIGHT * block * GATHERED_BF16,
			"docs/image.md, \"Wan's own multi-GPU run\"",
			"2 x block params x 2",
			"the block computing and the next, in bf16");
	vfp__image_term(r, "comm_seconds", "the step's time on the link",
			r->comm_seconds,
			"docs/image.md, \"Wan's own multi-GPU run\"",
			"Ulysses all-to-alls + all-gathers not hidden",
			"%.3g s a step", r->comm_seconds);
}
