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

/* The MTP layers the job builds: --mtp N on any stack; else the model's
 * under Megatron only (mtp_num_layers; Automodel's DeepseekV3ForCausalLM,
 * nemo_automodel/components/models/deepseek_v3/model.py @05e09029, and
 * transformers' build none). */
double vfp__mtp_count(const vfp_model *m, const vfp_job *j)
{
	int megatron = j->framework && !strcmp(j->framework, "megatron");

	if (j->mtp >= 0)
		return j->mtp;
	return megatron && m->mtp_layers > 0 ? (double)m->mtp_layers : 0;
}

static int uneven(const vfp_job *j)
{
	return j->pp > 1 && (j->first_stage_layers > 0 ||
			     j->last_stage_layers > 0);
}

/* Megatron's uneven stages (megatron/core/transformer/transformer_block.py
 * @d98e8a64, get_num_layers_to_build): the first and the last stage take
 * the stated layers (over all their virtual chunks), the other layers
 * split evenly over the middle stages. */
static double uneven_layers(const vfp_model *m, const vfp_job *j, int s,
			    int *middle)
{
	int64_t rest = m->layers - j->first_stage_layers -
		       j->last_stage_layers;

	*middle = j->pp - (j->first_stage_layers > 0) -
		  (j->last_stage_layers > 0);
	if (s == 0 && j->first_stage_layers > 0)
		return j->first_stage_layers;
	if (s == j->pp - 1 && j->last_stage_layers > 0)
		return j->last_stage_layers;
	return *middle > 0 ? (double)(rest / *middle) : 0;
}

/* What Megatron's TransformerConfig.__post_init__ raises for uneven
 * stages (transformer_config.py @d98e8a64, "Uneven PP"), in one line. */
int vfp__check_stages(const vfp_job *j, const vfp_model *m, vfp_error *err)
{
	int vp = j->virtual_stages > 1 ? j->virtual_stages : 1, middle;
	int64_t rest = m->layers - j->first_stage_layers -
		       j->last_stage_layers;
	double each;

	uneven_layers(m, j, 0, &middle);
	each = middle > 0 && rest >= 0 ? (double)(rest / middle) : 0;

	if (j->pp < 2)
		return vfp__fail(err, VFP_EINVAL, "--first-stage-layers and "
				 "--last-stage-layers need --pp 2 or more");
	if (rest < 0 || (rest == 0 && middle > 0))
		return vfp__fail(err, VFP_EINVAL,
				 "--first-stage-layers %d and "
				 "--last-stage-layers %d take %s the model's "
				 "%lld layers: none left for the %d other "
				 "stage%s", j->first_stage_layers,
				 j->last_stage_layers,
				 rest < 0 ? "more than" : "all of",
				 (long long)m->layers, middle,
				 middle == 1 ? "" : "s");
	if (rest > 0 && middle == 0)
		return vfp__fail(err, VFP_EINVAL,
				 "with --pp %d the first and last stages are "
				 "all the stages: their layers must add up to "
				 "the model's %lld, not %lld", j->pp,
				 (long long)m->layers,
				 (long long)(m->layers - rest));
	if (middle > 0 && rest % middle)
		return vfp__fail(err, VFP_EINVAL,
				 "the %lld layers left after the first and "
				 "last stages must split evenly over the %d "
				 "middle stages (Megatron asserts it)",
				 (long long)rest, middle);
	if (j->first_stage_layers % vp || j->last_stage_layers % vp ||
	    (middle > 0 && (int64_t)each % vp))
		return vfp__fail(err, VFP_EINVAL,
				 "each stage's layers (first %d, middle %.0f, "
				 "last %d) must divide by the %d virtual "
				 "stages", j->first_stage_layers, each,
				 j->last_stage_layers, vp);
	return 0;
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

/* The layers pipeline rank s builds over all its chunks: the stated
 * uneven split, else Megatron's or torch's layout (chunk_layers). */
double vfp__stage_layers(const vfp_model *m, const vfp_job *j, int s)
{
	int megatron = j->framework && !strcmp(j->framework, "megatron");
	int pp = j->pp > 1 ? j->pp : 1, middle;
	int chunks = pp * (j->virtual_stages > 1 ? j->virtual_stages : 1);
	double layers = 0;

	if (uneven(j))
		return uneven_layers(m, j, s, &middle);
	for (int i = s; i < chunks; i += pp)
		layers += chunk_layers(m->layers, i, chunks, megatron);
	return layers;
}

/* The heaviest stage's share of the blocks' weights and, counted in
 * layers, of the activations it keeps: rank s holds min(p - s, m)
 * micro-batches under 1F1B, so the first stages keep the most; returned
 * as layers that the first stage's micro-batches in flight multiply.
 * An even split stays L/p (what memory.c has always counted). */
double vfp__stage_weight_layers(const vfp_model *m, const vfp_job *j)
{
	double most = 0;

	if (!uneven(j))
		return (double)m->layers / (j->pp > 1 ? j->pp : 1);
	for (int s = 0; s < j->pp; s++)
		most = fmax(most, vfp__stage_layers(m, j, s));
	return most;
}

double vfp__stage_act_layers(const vfp_model *m, const vfp_job *j)
{
	double first = j->pp < j->grad_accum ? j->pp : j->grad_accum, most = 0;

	if (!uneven(j))
		return (double)m->layers / (j->pp > 1 ? j->pp : 1);
	for (int s = 0; s < j->pp; s++) {
		double mb = j->pp - s < j->grad_accum ? j->pp - s
						      : j->grad_accum;
		most = fmax(most, vfp__stage_layers(m, j, s) * mb / first);
	}
	return most;
}

/* Stage s's load over an even split's: its GPU work (forward matmul
 * parameters; the counted work is the layers and one head, so MTP's adds
 * to it) and its layers, what the host issues operators for (an MTP
 * layer one more; the head a few operators: left out). Without
 * pipelining the one stage carries everything. */
void vfp__stage_load(const vfp_model *m, const vfp_job *j,
		     double matmul_params, int s, double *gpu, double *host)
{
	int pp = j->pp > 1 ? j->pp : 1;
	double head = (double)m->vocab * (double)m->hidden;
	double layer = (matmul_params - head) / (double)m->layers;
	double mtp = vfp__mtp_count(m, j);
	double counted = (double)m->layers * layer + head;
	double layers = vfp__stage_layers(m, j, s);

	*gpu = *host = 1;
	if (layer <= 0)
		return;
	*gpu = layer * layers;
	*host = layers;
	if (s == pp - 1) {
		*gpu += head + mtp * mtp_layer_params(m, layer);
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
