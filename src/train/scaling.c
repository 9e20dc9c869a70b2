/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * scaling.c - vfp_scaling(): the speed-up table a renter wants before
 * choosing 2, 4 or 8 cards. The same job on 1, 2, 4 ... GPUs of one node,
 * for each kind of link; the speed-up is against the same job on one GPU,
 * the efficiency the speed-up per GPU.
 */
#include "db/db.h"

#include <string.h>

/* Without a list: the GPU's own link, then PCIe without and with P2P at
 * the GPU's PCIe generation, each once. A rack-scale NVLink domain's GPUs
 * (NVL72) sit in trays with no PCIe path between them: its link only. */
static int default_links(const char *out[4], const vfp_gpu *g)
{
	const char *pcie_host = g->pcie_gen >= 5 ? "pcie5-host" : "pcie4-host";
	const char *pcie_p2p = g->pcie_gen >= 5 ? "pcie5-p2p" : "pcie4-p2p";
	const char *cand[] = {g->default_link, pcie_host, pcie_p2p};
	size_t last = g->domain_trays ? 1 : VFP_ARRAY_LEN(cand);
	int n = 0;

	for (size_t i = 0; i < last; i++) {
		int seen = 0;
		for (int k = 0; k < n; k++)
			seen |= strcmp(out[k], cand[i]) == 0;
		if (!seen)
			out[n++] = cand[i];
	}
	out[n] = NULL;
	return n;
}

static int counts(int out[16], int max_gpus)
{
	int n = 0;

	for (int g = 1; g < max_gpus && n < 15; g *= 2)
		out[n++] = g;
	out[n++] = max_gpus;
	return n;
}

/* One row: the job on `nodes` nodes of `per_node` GPUs over `link`
 * (and the job's network between nodes). */
static int row(vfp_scaling_row *out, const vfp_db *db, vfp_job job,
	       const char *link, int per_node, int nodes, double one_tps,
	       vfp_error *err)
{
	vfp_plan_result r;
	int rc, gpus = per_node * nodes;

	job.link = link;
	job.link_spec = NULL;
	job.gpus_per_node = per_node;
	job.nodes = nodes;
	job.search = VFP_SEARCH_NO_ADVICE;
	/* the same job on every count: single on one GPU, DDP (or the
	 * sharding asked for) on more - "auto" would change the job itself
	 * (offload when one card is short), not only its GPUs; the fits
	 * column says where it fits */
	if ((job.strategy == VFP_STRATEGY_SINGLE ||
	     job.strategy == VFP_STRATEGY_DEFAULT) && gpus > 1)
		job.strategy = VFP_STRATEGY_DDP;
	if (gpus == 1)
		job.strategy = VFP_STRATEGY_SINGLE;
	if ((rc = vfp_plan(&r, db, &job, err)))
		return rc;
	out->link = r.link;
	out->gpus = gpus;
	out->step_seconds = r.time.step_seconds;
	out->tokens_per_second = r.time.tokens_per_second;
	out->speedup = one_tps > 0 ? r.time.tokens_per_second / one_tps : 1;
	out->efficiency = out->speedup / gpus;
	out->fits = r.fits;
	memcpy(out->data_date, r.data_date, sizeof(out->data_date));
	return 0;
}

int vfp_scaling(vfp_scaling_row *rows, int max_rows, const vfp_db *db,
		const vfp_job *job, int max_gpus, const char *const *links,
		vfp_error *err)
{
	const char *defaults[4];
	const vfp_gpu *gpu;
	vfp_scaling_row one;
	int sizes[16], n_sizes, nodes[16], n_nodes, n = 0, rc;

	if (!rows || !db || !job || max_gpus < 1 || max_gpus > 1024)
		return vfp__fail(err, VFP_EINVAL,
				 "scaling needs 1 to 1024 GPUs per node");
	if ((rc = vfp_db_find_gpu(&gpu, db, job->gpu, err)) ||
	    (rc = vfp__check_node_gpus(gpu, max_gpus, err)))
		return rc;
	if (!links) {
		default_links(defaults, gpu);
		links = defaults;
	}
	n_sizes = counts(sizes, max_gpus);
	n_nodes = job->nodes > 1 ? counts(nodes, job->nodes) : 1;
	for (int l = 0; links[l]; l++) {
		if ((rc = row(&one, db, *job, links[l], 1, 1, 0, err)))
			return rc;
		for (int i = 0; i < n_sizes && n < max_rows; i++)
			if ((rc = row(&rows[n++], db, *job, links[l],
				      sizes[i], 1, one.tokens_per_second,
				      err)))
				return rc;
		/* with --nodes N: 2, 4 ... N whole nodes over the network */
		for (int i = 1; i < n_nodes && n < max_rows; i++)
			if ((rc = row(&rows[n++], db, *job, links[l],
				      max_gpus, nodes[i],
				      one.tokens_per_second, err)))
				return rc;
	}
	return n;
}
