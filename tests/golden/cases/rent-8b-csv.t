args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,headroom_gb,borderline,train_hours,billed_minutes,total,currency,pareto
1,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero2,optimizer,1,16,full,adamw,19.877,22.660,24.696,2.036,0,202.685,12171,21.7263,EUR,1
2,clore-1xrtx4090,"Clore.ai",RTX4090,1,single,optimizer,1,32,full,adamw,18.827,21.463,24.683,3.220,0,243.392,14614,21.7386,EUR,0
3,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero2,optimizer,1,16,full,adamw,19.877,22.660,24.683,2.023,0,124.896,7504,22.3247,EUR,1
4,clore-1xa100-40,"Clore.ai",A100-40,1,single,optimizer,1,32,none,adamw,32.680,37.255,41.876,4.621,0,160.996,9670,24.4534,EUR,0
5,clore-2xa100-40,"Clore.ai",A100-40,2,zero2,optimizer,1,16,none,adamw,33.730,38.452,41.876,3.424,0,80.666,4850,24.5298,EUR,1
--- stderr
