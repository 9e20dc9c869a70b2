/*
 * netspec.h - the network between nodes, read from the job's --network
 * (network_spec.c).
 */
#ifndef VFP_NETSPEC_H
#define VFP_NETSPEC_H

#include "db.h"

typedef struct net_spec {
	const vfp_network *record; /* the kind and latency */
	int nics;                  /* per node; 0: the default */
	int per_node;              /* the speed is the node's total */
	double nic_bw;             /* bytes/s per NIC per direction */
} net_spec;

/* Reads "NAME", "KxNAME", "KxSPEED" or "SPEED"; a speed takes its kind
 * from `default_name`. @return 0 or VFP_ENOTFOUND saying what is valid. */
int vfp__network_spec(net_spec *out, const vfp_db *db, const char *spec,
		      const char *default_name, vfp_error *err);

/* Bytes/s per GPU per direction when every GPU of a node crosses the
 * network at once; *nics gets the NICs per node. */
double vfp__network_bw_per_gpu(const net_spec *n, int gpus_per_node,
			       int sxm, int *nics);

#endif
