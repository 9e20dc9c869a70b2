/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_checks_shm.c - /dev/shm against what lives there in a training
 * run on one machine: NCCL's proxy segment per rank, its SHM transport's
 * buffers when the GPUs cannot reach each other peer-to-peer, and the
 * DataLoader workers' batches (sizes in doctor_host.h; the arithmetic in
 * docs/doctor-host.md). Docker gives a container 64 MB unless run with
 * --shm-size or --ipc=host (docs.docker.com, docker run --shm-size).
 */
#include "doctor/doctor_host.h"

#include <string.h>

#define SHM_SOURCE                                                          \
	"NCCL src/proxy.cc proxyProgressInit and src/transport/shm.cc "     \
	"@5067397c (segment sizes as printed in NVIDIA/nccl#342, "          \
	"pytorch/torchtitan#853); PyTorch DataLoader prefetch_factor 2; "   \
	"Docker's 64 MB default (docs.docker.com, --shm-size); the guide: " \
	"check df -h /dev/shm"
#define DOCKER_DEFAULT (64.0 * 1024 * 1024)

int vfp__doctor_shm_transport(const doctor_plan *p)
{
	const vfp_link *l = p->plan ? p->plan->link : NULL;
	const vfp_gpu *g = p->found_gpu ? p->found_gpu : p->gpu;

	/* pcie-host: no P2P; cpu-cross: across sockets, where NCCL's
	 * default P2P level stops */
	if (l && l->kind)
		return !strcmp(l->kind, "pcie-host") ||
		       !strcmp(l->kind, "cpu-cross");
	return g && g->p2p == VFP_P2P_NO;
}

double vfp__doctor_shm_needed(const vfp_doctor_result *r,
			      const doctor_plan *p, double *nccl,
			      double *loader)
{
	int n = vfp__doctor_host_gpus(r, p);
	const vfp_job *j = p->plan ? &p->plan->job : NULL;

	*nccl = n > 1 ? n * VFP_NCCL_PROXY_POOL_BYTES : 0;
	if (n > 1 && vfp__doctor_shm_transport(p))
		*nccl += (double)n * VFP_NCCL_SHM_CHANNELS *
			 VFP_NCCL_SHM_CONN_BYTES;
	/* token batches: input_ids and labels, int64 each */
	*loader = j ? (double)n * VFP_LOADER_WORKERS * VFP_LOADER_PREFETCH *
			      j->micro_batch * (double)j->seq * 2 * 8
		    : 0;
	return *nccl + *loader;
}

/* The cheapest fix for the part that does not fit. */
static void shm_fix(vfp_doctor_check *c, double room, double nccl, int n)
{
	double pools = n * VFP_NCCL_PROXY_POOL_BYTES;

	if (pools > room)
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "ask the provider for --shm-size=1g or "
			      "--ipc=host: NCCL's %.1f MB of proxy segments "
			      "stay with NCCL_SHM_DISABLE=1",
			      pools / 1e6);
	else if (nccl > room)
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "NCCL_SHM_DISABLE=1 (the GPUs then talk "
			      "through sockets, slower), or ask the provider "
			      "for --shm-size=1g or --ipc=host");
	else
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "fewer DataLoader num_workers, or ask the "
			      "provider for --shm-size=1g or --ipc=host");
}

static void shm_level(vfp_doctor_check *c, const vfp_machine *m,
		      double need, double nccl, double loader,
		      const doctor_plan *p, int n)
{
	double room = m->shm_free_bytes >= 0 ? m->shm_free_bytes
					     : m->shm_total_bytes;

	if (need > room) {
		c->level = VFP_CHECK_CHANGE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "%.1f MB free in /dev/shm; NCCL needs %.1f MB "
			      "for %d GPUs%s and data loaders %.1f MB: NCCL "
			      "fails at init (\"Error while creating shared "
			      "memory segment\") or workers die with a bus "
			      "error",
			      room / 1e6, nccl / 1e6, n,
			      vfp__doctor_shm_transport(p)
				      ? " (its SHM transport: no P2P)"
				      : "",
			      loader / 1e6);
		shm_fix(c, room, nccl, n);
	} else if (m->shm_total_bytes <= DOCKER_DEFAULT * 1.05) {
		c->level = VFP_CHECK_NOTE;
		vfp__snprintf(c->message, sizeof(c->message),
			      "Docker's default 64 MB: enough for NCCL here "
			      "(%.1f MB), but DataLoader workers passing image "
			      "or long batches exhaust it (PyTorch's \"bus "
			      "error ... insufficient shared memory\")",
			      nccl / 1e6);
		vfp__snprintf(c->fix, sizeof(c->fix),
			      "if workers die: fewer num_workers, or "
			      "--shm-size=1g / --ipc=host from the provider");
	} else {
		c->level = VFP_CHECK_OK;
		vfp__snprintf(c->message, sizeof(c->message),
			      "room for NCCL (%.1f MB) and the data loaders",
			      nccl / 1e6);
	}
}

void vfp__doctor_check_shm(vfp_doctor_result *r, const doctor_plan *p)
{
	const vfp_machine *m = &r->machine;
	double nccl, loader, need;
	int n = vfp__doctor_host_gpus(r, p);
	vfp_doctor_check *c;

	if (!(m->read & (1u << VFP_DOCTOR_DF_SHM))) {
		vfp__doctor_skip(r, "shm", VFP_DOCTOR_DF_SHM);
		return;
	}
	if (!(c = vfp__doctor_add(r, "shm", VFP_CHECK_OK, SHM_SOURCE)))
		return;
	need = vfp__doctor_shm_needed(r, p, &nccl, &loader);
	vfp__snprintf(c->found, sizeof(c->found),
		      "/dev/shm %.1f MB, %.1f MB free",
		      m->shm_total_bytes / 1e6, m->shm_free_bytes / 1e6);
	vfp__snprintf(c->expected, sizeof(c->expected),
		      "%.1f MB: NCCL %.1f MB, data loaders %.1f MB (%d GPU%s)",
		      need / 1e6, nccl / 1e6, loader / 1e6, n,
		      n > 1 ? "s" : "");
	shm_level(c, m, need, nccl, loader, p, n);
}
