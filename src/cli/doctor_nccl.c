/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * doctor_nccl.c - `vfplan doctor --nccl`: the short communication test
 * the guide asks for before the real job, and its result read against
 * the plan. nccl-tests' all_reduce_perf when it is installed (its busbw
 * is the figure to hold against a link's rate: NVIDIA/nccl-tests
 * doc/PERFORMANCE.md, "Bus bandwidth"); else the guide's torchrun script,
 * written to the working folder, with lines added that print its timing
 * as an nccl-tests row so the same reader takes both.
 */
#include "cli/doctor_cli.h"

#include <string.h>

/* The guide's nccl_check.py (VRAMfarm, "Entraînement multi-GPU : DDP, FSDP
 * et ZeRO sur une machine louée de 2 à 8 GPU", 12 November 2026, section
 * "Louer une machine multi-GPU"), copied line for line; the lines marked
 * "vfplan:" are ours. */
static const char script[] =
	"# vfplan-nccl-check.py - written by `vfplan doctor --nccl`.\n"
	"# The guide's nccl_check.py (VRAMfarm, \"Entrainement multi-GPU : "
	"DDP, FSDP et\n# ZeRO sur une machine louee de 2 a 8 GPU\", 12 Nov "
	"2026); the lines marked \"vfplan\"\n# are added: they print the "
	"timing as an nccl-tests row (busbw = algbw * 2(n-1)/n,\n"
	"# NVIDIA/nccl-tests doc/PERFORMANCE.md) for `vfplan doctor --nccl "
	"nccl.txt`.\n"
	"# Run: torchrun --nproc_per_node=N vfplan-nccl-check.py > nccl.txt\n"
	"import os, time, torch, torch.distributed as dist\n"
	"import socket  # vfplan\n"
	"rank = int(os.environ[\"LOCAL_RANK\"]); torch.cuda.set_device(rank)\n"
	"dist.init_process_group(\"nccl\")\n"
	"x = torch.ones(512 * 1024**2, dtype=torch.bfloat16, device=\"cuda\") "
	"# 1 Gio\n"
	"for _ in range(3): dist.all_reduce(x)\n"
	"torch.cuda.synchronize(); t = time.time()\n"
	"for _ in range(10): dist.all_reduce(x)\n"
	"torch.cuda.synchronize()\n"
	"dt = (time.time() - t) / 10  # vfplan: one all-reduce\n"
	"if rank == 0: print(f\"{10 / (time.time() - t):.1f} all-reduces of "
	"1 GiB per second\")\n"
	"info = [None] * dist.get_world_size()  # vfplan: each rank's GPU\n"
	"dist.all_gather_object(info, (os.getpid(), socket.gethostname(), "
	"rank, torch.cuda.get_device_name(rank)))  # vfplan\n"
	"if rank == 0:  # vfplan: the same timing as an nccl-tests row\n"
	"    n = len(info); size = x.numel() * x.element_size(); "
	"algbw = size / dt / 1e9\n"
	"    for r, (pid, host, dev, name) in enumerate(info):\n"
	"        print(f\"#  Rank {r:2d} Group  0 Pid {pid:6d} on {host:>10} "
	"device {dev:2d} [0x00] {name}\")\n"
	"    print(\"#       size         count      type   redop    root     "
	"time   algbw   busbw\")\n"
	"    print(f\"{size:12d} {x.numel():12d}  bfloat16     sum      -1 "
	"{dt * 1e6:8.1f} {algbw:7.2f} {algbw * 2 * (n - 1) / n:7.2f}\")\n"
	"dist.destroy_process_group()\n";

static const char script_file[] = "vfplan-nccl-check.py";

static void gpus_text(char *buf, size_t len, int gpus)
{
	if (gpus > 0)
		snprintf(buf, len, "%d", gpus);
	else
		snprintf(buf, len, "$(nvidia-smi -L | wc -l)");
}

int doctor_nccl_command(FILE *out, int gpus)
{
	char n[40];
	FILE *f;

	gpus_text(n, sizeof(n), gpus);
	if (doctor_in_path("all_reduce_perf")) {
		fprintf(out, "all_reduce_perf -b 8M -e 1G -f 2 -g %s > "
			"nccl.txt\n", n);
		return CLI_EXIT_OK;
	}
	if (!(f = fopen(script_file, "w")) ||
	    fwrite(script, 1, sizeof(script) - 1, f) != sizeof(script) - 1 ||
	    fclose(f) != 0)
		return front_usage_error("--nccl: cannot write %s in the "
					 "working folder", script_file);
	fprintf(stderr, "vfplan: all_reduce_perf (nccl-tests) is not in "
		"PATH: wrote the guide's test to %s\n", script_file);
	fprintf(out, "torchrun --nproc_per_node=%s %s > nccl.txt\n", n,
		script_file);
	return CLI_EXIT_OK;
}

/* What the plan assumed between its GPUs, or 0. */
static double planned_bw(const vfp_doctor_result *r)
{
	const vfp_plan_result *p = &r->planned;

	if (!r->has_plan || p->gpus_per_node < 2 || !p->link)
		return 0;
	return p->link->bw_bytes_per_s;
}

void doctor_nccl_line(FILE *out, const vfp_doctor_result *r, vfp_units u)
{
	const vfp_machine *m = &r->machine;
	const char *un = vfp_units_name(u);
	double want = planned_bw(r);
	char ranks[32] = "";

	if (!m->nccl_read)
		return;
	if (m->nccl_ranks > 0)
		snprintf(ranks, sizeof(ranks), " on %d GPUs", m->nccl_ranks);
	fprintf(out, "\ncommunication: %.1f %s/s bus bandwidth (all-reduce of "
		"%.2f %s%s)", vfp_bytes_in_units(m->nccl_busbw, u), un,
		vfp_bytes_in_units(m->nccl_bytes, u), un, ranks);
	if (want > 0)
		fprintf(out, ", %.0f%% of the %.1f %s/s the plan assumed "
			"(%s, per GPU per direction)\n",
			100 * m->nccl_busbw / want,
			vfp_bytes_in_units(want, u), un,
			r->planned.link->name ? r->planned.link->name : "");
	else
		fprintf(out, "; %s\n", r->has_plan
					   ? "the plan has one GPU: no link "
					     "to compare with"
					   : "no plan to compare with (give "
					     "its options)");
}
