/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * pipeline_stages.c - the slowest pipeline stage (docs/time.md).
 *
 * A pipelined step goes at its slowest stage's pace: every micro-batch
 * waits for it. Megatron-Core puts the output head and the loss on the
 * last stage and the embedding on the first, outside the layer split
 * unless account_for_{embedding,loss}_in_pipeline_split is set (megatron/
 * core/transformer/transformer_config.py), and a model's multi-token
 * prediction (MTP) layers after the decoder, on the last stage too, each
 * with its own pass through the output head (megatron/core/transformer/
 * multi_token_prediction.py: MultiTokenPredictionLayer = eh_proj over
 * [embedding; hidden] (2h x h), a transformer layer, the shared head).
 * Megatron-Bridge's DeepSeek-V3 recipe lays 61 layers out so
 * (src/megatron/bridge/recipes/deepseek/deepseek_v3.py @97ad8cc6f,
 * layout_map): pp 16 -> [E + 4 layers], 14 x [4 layers],
 * [1 layer + mtp + loss]; pp 8 x vp 2 the same 16 chunks - stages of
 * ceil(L/chunks) layers, the last chunk taking the rest. vfplan assumes
 * that split for Megatron jobs and torch.distributed.pipelining's (below)
 * for the others (assumption: a recipe with its own layout string, or
 * Megatron's account_for_{embedding,loss}_in_pipeline_split, does
 * otherwise; a --pp-layout option would settle it).
 */
#include "train/train.h"

#include <math.h>
#include <string.h>

/* Forward matmul parameters of one MTP layer: its transformer layer (the
 * model's average layer, assumption: DeepSeek-V3's dense and MoE layers
 * both ~0.4 B active in the MLP), eh_proj and the shared output head. */
static double mtp_layer_params(const vfp_model *m, double layer)
{
	double h = (double)m->hidden;

	return layer + 2 * h * h + (double)m->vocab * h;
}

double vfp__mtp_matmul_params(const vfp_model *m, double matmul_params)
{
	double head = (double)m->vocab * (double)m->hidden;
	double layer = (matmul_params - head) / (double)m->layers;

	if (m->mtp_layers <= 0 || m->layers <= 0)
		return 0;
	return (double)m->mtp_layers * mtp_layer_params(m, layer);
}

/* Layers of chunk i of n. Megatron's layouts: ceil(L/n) to a chunk, the
 * last chunk takes what is left. torch.distributed.pipelining's splits
 * (NVIDIA-NeMo/Automodel nemo_automodel/components/distributed/
 * pipelining/functional.py @170ff904, generate_hf_model_fqn_per_model_part:
 * floor(L/n) each, "if stage_idx < extra_layers: += 1", lm_head on the
 * last): the extra layers on the first chunks. */
static double chunk_layers(int64_t layers, int i, int n, int megatron)
{
	int64_t c = (layers + n - 1) / n, before = (int64_t)i * c;

	if (!megatron)
		return (double)(layers / n + (i < layers % n ? 1 : 0));

	if (before >= layers)
		return 0;
	if (i == n - 1 || before + c > layers)
		return (double)(layers - before);
	return (double)c;
}

/* Stage s's load over an even split's: its GPU work (forward matmul
 * parameters; the counted work is the layers and one head, so MTP's adds
 * to it) and its layers, what the host issues operators for (an MTP
 * layer one more; the head a few operators: left out). Without
 * pipelining the one stage carries everything. */
void vfp__stage_load(const vfp_model *m, const vfp_job *j,
		     double matmul_params, int s, double *gpu, double *host)
{
	int megatron = j->framework && !strcmp(j->framework, "megatron");
	int pp = j->pp > 1 ? j->pp : 1;
	int chunks = pp * (j->virtual_stages > 1 ? j->virtual_stages : 1);
	double head = (double)m->vocab * (double)m->hidden;
	double layer = (matmul_params - head) / (double)m->layers;
	/* only Megatron builds the MTP layers (mtp_num_layers); Automodel's
	 * DeepseekV3ForCausalLM (nemo_automodel/components/models/
	 * deepseek_v3/model.py @05e09029) and transformers' build none */
	double mtp = megatron && m->mtp_layers > 0 ? (double)m->mtp_layers : 0;
	double counted = (double)m->layers * layer + head, layers = 0;

	*gpu = *host = 1;
	if (layer <= 0)
		return;
	for (int i = s; i < chunks; i += pp)
		layers += chunk_layers(m->layers, i, chunks, megatron);
	*gpu = layer * layers;
	*host = layers;
	if (s == pp - 1) {
		*gpu += head + (mtp > 0 ? vfp__mtp_matmul_params(
						  m, matmul_params) : 0);
		*host += mtp;
	}
	*gpu *= pp / counted;
	*host *= pp / (double)m->layers;
}

/* The slowest stage's GPU work over an even split's (the MTP layers'
 * work included). */
double vfp__stage_imbalance(const vfp_model *m, const vfp_job *j,
			    double matmul_params)
{
	int pp = j->pp > 1 ? j->pp : 1;
	double slowest = 0, gpu, host;

	for (int s = 0; s < pp; s++) {
		vfp__stage_load(m, j, matmul_params, s, &gpu, &host);
		slowest = fmax(slowest, gpu);
	}
	return slowest;
}
