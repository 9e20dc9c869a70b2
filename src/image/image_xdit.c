/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * image_xdit.c - what xDiT's runtime (placement parallel) adds to one
 * denoising step: across GPUs, the all-to-alls of Ulysses sequence
 * parallelism and their copies; on one GPU, the KV-cache copies of its
 * attention processors (docs/image.md, "One image across GPUs").
 */
#include "image/image.h"
#include "train/train.h"

static double activation_bytes(const vfp_image_result *r)
{
	return r->job.quant == VFP_IMAGE_FP32 ? 4 : 2;
}

/* The tokens in the denoiser's attention: the image's, and the text's
 * where they share its stream (FLUX, SD3). */
static double stream_tokens(const vfp_image_result *r, const image_shape *s)
{
	return vfp__latent_tokens(r->pipeline->denoiser, r->pipeline->vae,
				  s) +
	       (r->pipeline->text_in_stream ? (double)s->text_tokens : 0);
}

static double attention_layers(const vfp_image_component *d)
{
	return (double)(d->layers + d->single_layers);
}

/* xDiT's placement, and Wan's own sequence parallel under FSDP
 * (image_fsdp.c), whose all-to-alls are the same four an attention layer
 * (wan/distributed/ulysses.py distributed_attention @42bf4cfa). */
static int sequence_parallel(const vfp_image_result *r)
{
	return r->placement == VFP_IMAGE_PARALLEL ||
	       r->placement == VFP_IMAGE_PARALLEL_FSDP ||
	       r->placement == VFP_IMAGE_PARALLEL_OFFLOAD;
}

static int ulysses(const vfp_image_result *r)
{
	return sequence_parallel(r) && r->n_gpus > 1;
}

/* The bytes a second the GPUs' link moves: the GPU's default link in
 * hwdb, or PCIe where it names none. */
double vfp__image_link_bw(const vfp_image_result *r, const vfp_db *db)
{
	const vfp_gpu *g = r->gpus[0].gpu;
	const vfp_link *l = NULL;

	if (g->default_link && vfp_db_find_link(&l, db, g->default_link, NULL))
		l = NULL;
	return l ? l->bw_bytes_per_s : vfp__pcie_bw(g);
}

/* Sequence parallel degree 1 (one GPU): xFuser's processors keep a KV
 * cache whenever the long-context attention is off, which it is at one
 * GPU (use_long_ctx_attn_kvcache needs a sequence-parallel world over
 * 1). xFuserFluxAttnProcessor2_0 then splits k and v at the text tokens,
 * get_cache_manager().update_and_get_kv_cache() cats the image's k and v
 * along the last dimension (cache_manager.py: torch.cat(new_kv, dim=-1),
 * its naive cache returning it, torch.chunk views back), and the text's
 * k and v are cat back in front: 3 copies an attention layer, reading
 * and writing 2 x img, then 2 x (txt + img) tokens of the width (4 img +
 * 4 n units). xFuserJointAttnProcessor2_0 (SD3) caches the image's k, v
 * before its own cat with the text: 1 copy, 4 img units
 * (xfuser/model_executor/layers/attention_processor.py,
 * cache_manager/cache_manager.py @8275240). SD 3.5's dual attn2 layers,
 * which that processor cannot run (no encoder states), and Wan, which
 * xDiT ran through other code later, get none. */
double vfp__image_xdit_kv_bytes(const vfp_image_component *c,
				const vfp_image_component *vae,
				const image_shape *s, double elem)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double img = vfp__latent_tokens(c, vae, s);
	double n = img + (double)s->text_tokens, d = vfp__image_hidden(c);

	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return attention_layers(c) * (4 * img + 4 * n) * d * elem *
		       s->batch;
	case VFP_IMAGE_SD3:
		return (double)c->layers * 4 * img * d * elem * s->batch;
	default:
		return 0;
	}
}

double vfp__image_xdit_kv_kernels(const vfp_image_component *c)
{
	vfp_image_component hv;

	c = vfp__video_view(c, NULL, &hv, NULL);
	switch (c->cls) {
	case VFP_IMAGE_FLUX:
		return 3 * attention_layers(c);
	case VFP_IMAGE_SD3:
		return (double)c->layers;
	default:
		return 0;
	}
}

/* The cache keeps what it cat: the naive cache stores each layer's
 * image k and v (cache_manager.py _naive_cache_update: tensors[0] =
 * kv_cache), so from the first step on every attention layer holds 2 x
 * img tokens of the width until the next forward replaces them. */
double vfp__image_xdit_kv_cache_bytes(const vfp_image_component *c,
				      const vfp_image_component *vae,
				      const image_shape *s, double elem)
{
	vfp_image_component hv;
	image_shape hs;

	c = vfp__video_view(c, s, &hv, &hs);
	s = &hs;
	double layers = c->cls == VFP_IMAGE_FLUX ? attention_layers(c)
			: c->cls == VFP_IMAGE_SD3 ? (double)c->layers
						  : 0;

	return layers * 2 * vfp__latent_tokens(c, vae, s) *
	       vfp__image_hidden(c) * elem * s->batch;
}

double vfp__image_xdit_kv_cache_held(const vfp_image_result *r)
{
	image_shape s = vfp__denoiser_shape(r);

	if (r->placement != VFP_IMAGE_PARALLEL || ulysses(r))
		return 0;
	return vfp__image_xdit_kv_cache_bytes(r->pipeline->denoiser,
					      r->pipeline->vae, &s,
					      activation_bytes(r));
}

/* Ulysses (Fang et al. 2024, arXiv 2405.14430, §3): each attention
 * layer's q, k, v and output go through an all-to-all, every GPU
 * sending (n-1)/n of its share of the tokens over the GPUs' link. */
double vfp__image_xdit_comm_seconds(const vfp_image_result *r,
				    const vfp_db *db)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	image_shape s = vfp__denoiser_shape(r);
	double n = r->n_gpus, bytes, bw;

	if (!ulysses(r))
		return 0;
	bw = vfp__image_link_bw(r, db);
	bytes = 4 * stream_tokens(r, &s) * s.batch * (double)d->hidden *
		activation_bytes(r) / n * (n - 1) / n;
	return attention_layers(d) * bytes / bw;
}

/* Each all-to-all is three kernels (yunchang's all_to_all_4D, which xDiT
 * runs: a .contiguous() copy of the shard, all_to_all_single, a
 * .contiguous() copy back; feifeibear/long-context-attention
 * yunchang/comm/all_to_all.py @0665d0a3), four an attention layer. */
enum { A2A_KERNELS = 3, A2A_PER_LAYER = 4 };

double vfp__image_xdit_kernels(const vfp_image_result *r)
{
	const vfp_image_component *d = r->pipeline->denoiser;

	if (!sequence_parallel(r))
		return 0;
	return ulysses(r) ? A2A_PER_LAYER * A2A_KERNELS * attention_layers(d)
			  : vfp__image_xdit_kv_kernels(d);
}

/* The bytes those copies move in a step: the all-to-alls' two copies
 * read and write each tensor's shard (4 passes of q, k, v and the
 * output), or the KV cache's copies. */
double vfp__image_xdit_copy_bytes(const vfp_image_result *r)
{
	const vfp_image_component *d = r->pipeline->denoiser;
	image_shape s = vfp__denoiser_shape(r);

	if (!sequence_parallel(r))
		return 0;
	if (!ulysses(r))
		return vfp__image_xdit_kv_bytes(d, r->pipeline->vae, &s,
						activation_bytes(r));
	return attention_layers(d) * A2A_PER_LAYER * 4 * stream_tokens(r, &s) *
	       s.batch * (double)d->hidden * activation_bytes(r) / r->n_gpus;
}

/* Their device time, at the memory-bound kernels' HBM rate. */
double vfp__image_xdit_copy_seconds(const vfp_image_result *r)
{
	const vfp_gpu *g = r->gpus[0].gpu;

	if (g->mem_bw_bytes_per_s <= 0)
		return 0;
	return vfp__image_xdit_copy_bytes(r) /
	       (g->mem_bw_bytes_per_s * VFP_HBM_EFFICIENCY);
}
