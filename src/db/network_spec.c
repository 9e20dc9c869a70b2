/* SPDX-License-Identifier: GPL-3.0-or-later */
/*
 * network_spec.c - the network between nodes as people state it: a
 * hwdb/networks.yaml name ("ib-ndr"), NICs of it per node ("8xib-ndr"),
 * or a speed, per NIC with a count ("4x100G") or for the whole node
 * ("400Gbps": what cloud pages print). A node's NICs are shared by its
 * GPUs: 400 Gb/s for 8 GPUs is 50 Gb/s each (docs/time.md, "Between
 * nodes"). Without a count, the NICs of the GPU's platform (hwdb/gpus'
 * gpus_per_nic: one per GPU on DGX/HGX and NVL72, one per two GPUs in
 * NVIDIA's PCIe 2-8-5 design), else one per node (vfplan's assumption
 * for consumer cards). docs/hardware.md, "NVLink domains and default
 * networks".
 */
#include "db/db.h"

#include <ctype.h>
#include <stdlib.h>
#include <string.h>

/* "400", "400G", "400Gb", "400Gbps", "400Gb/s", "400gbit": Gb/s. */
static int parse_speed(double *bytes_per_s, const char *s)
{
	static const char *const units[] = {"", "g", "gb", "gbps", "gb/s",
					    "gbit", "gbit/s", "gbe"};
	char *end;
	double v = vfp__strtod(s, &end);

	if (end == s || !(v > 0) || v > 1e5 || !isdigit((unsigned char)*s))
		return -1;
	for (size_t i = 0; i < VFP_ARRAY_LEN(units); i++)
		if (vfp__strcasecmp(end, units[i]) == 0 && (i || !*end)) {
			if (i == 0)
				return -1; /* a bare number is a name */
			*bytes_per_s = v * 1e9 / 8;
			return 0;
		}
	return -1;
}

static const char *network_name_at(const void *ctx, size_t i)
{
	return ((const vfp_db *)ctx)->networks.items[i].name;
}

/* "8x..." -> 8 and the rest; 0 when there is no count. */
static int leading_count(const char *spec, const char **rest)
{
	char *end;
	long n = strtol(spec, &end, 10);

	*rest = spec;
	if (end == spec || (*end != 'x' && *end != 'X') || n < 1 || n > 1024)
		return 0;
	*rest = end + 1;
	return (int)n;
}

/* "...@K:1" and "...@K:1/R": the fabric above the rack; *at is cut off
 * `buf` (a copy of the spec). 0, or -1 on a malformed suffix. */
static int parse_fabric(net_spec *out, char *buf)
{
	char *at = strchr(buf, '@'), *end;
	long r = 0;
	double k;

	if (!at)
		return 0;
	*at++ = 0;
	k = vfp__strtod(at, &end);
	if (end == at || !(k >= 1) || k > 64 || strncmp(end, ":1", 2))
		return -1;
	end += 2;
	if (*end == '/') {
		r = strtol(end + 1, &end, 10);
		if (r < 1 || r > 16384)
			return -1;
	}
	if (*end)
		return -1;
	out->oversub = k;
	out->rack_nodes = (int)r;
	return 0;
}

int vfp__network_spec(net_spec *out, const vfp_db *db, const char *text,
		      const char *default_name, vfp_error *err)
{
	char spec[128];
	const char *rest;
	int count;

	memset(out, 0, sizeof(*out));
	snprintf(spec, sizeof(spec), "%s", text);
	if (parse_fabric(out, spec))
		return vfp__fail(err, VFP_EINVAL, "network '%s': after '@' "
				 "give the oversubscription above a rack "
				 "and optionally the nodes a rack, e.g. "
				 "ib-ndr@2:1 or ib-ndr@2:1/16", text);
	count = leading_count(spec, &rest);
	out->nics = count;
	if (parse_speed(&out->nic_bw, rest) == 0) {
		if (!count)
			out->per_node = 1; /* "400Gbps": the node's total */
		out->record = vfp__find_network(db, default_name);
	} else {
		out->record = vfp__find_network(db, rest);
		if (out->record)
			out->nic_bw = out->record->bw_bytes_per_s;
	}
	if (out->record && !strchr(text, '@')) { /* the record's fabric */
		out->oversub = out->record->oversubscription;
		out->rack_nodes = out->record->rack_nodes;
	}
	if (!out->record) {
		char hint[96];
		vfp__did_you_mean(hint, sizeof(hint),
				  vfp__nearest(rest, db, db->networks.n,
					       network_name_at));
		return vfp__fail(err, VFP_ENOTFOUND,
				 "unknown network '%s'%s: a name 'vfplan "
				 "networks' lists (ib-ndr, roce-100 ...), "
				 "NICs per node of one (8xib-ndr), or a speed "
				 "(4x100G per NIC, 400Gbps per node)", spec,
				 hint);
	}
	return 0;
}

double vfp__network_bw_per_gpu(const net_spec *n, int gpus_per_node,
			       int gpus_per_nic, int *nics)
{
	*nics = n->per_node ? 1 : n->nics ? n->nics
	      : gpus_per_nic > 0 ? (gpus_per_node + gpus_per_nic - 1) /
				   gpus_per_nic
	      : 1;
	return n->nic_bw * *nics / gpus_per_node;
}

/* The platform's network, else 25 Gb Ethernet: consumer and workstation
 * cards come in hosts NVIDIA publishes no cluster design for, and
 * marketplace hosts rarely offer RDMA (vfplan's assumption, which
 * --network replaces). */
const char *vfp__default_network(const vfp_gpu *g)
{
	return g->default_network ? g->default_network : "eth-25";
}

/* Old records without gpus_per_nic: SXM boards one NIC per GPU. */
int vfp__gpus_per_nic(const vfp_gpu *g)
{
	if (g->gpus_per_nic > 0)
		return g->gpus_per_nic;
	return strcmp(g->form, "sxm") == 0 ? 1 : 0;
}

int vfp__check_node_gpus(const vfp_gpu *g, int n, vfp_error *err)
{
	int max = g->nvlink_domain ? g->nvlink_domain : VFP_MAX_NODE_GPUS;

	if (n >= 1 && n <= max)
		return 0;
	if (!g->nvlink_domain || n < 1)
		return vfp__fail(err, VFP_EINVAL, "GPUs per node must be "
				 "between 1 and %d, not %d", max, n);
	if (g->domain_trays)
		return vfp__fail(err, VFP_EINVAL, "one %s NVLink domain holds "
				 "%d %s (%d trays of %d), not %d: --gpus %dx%s "
				 "--nodes K plans K racks", g->platform ?
				 g->platform : g->name, max, g->name,
				 g->domain_trays, max / g->domain_trays, n,
				 max, g->name);
	return vfp__fail(err, VFP_EINVAL, "one %s node holds %d %s (one "
			 "%s domain), not %d: --gpus %dx%s --nodes K plans K "
			 "nodes", g->platform ? g->platform : g->name, max,
			 g->name, strcmp(g->vendor, "amd") ? "NVLink"
			 : "Infinity Fabric", n, max, g->name);
}
