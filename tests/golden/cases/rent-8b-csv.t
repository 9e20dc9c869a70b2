args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,train_hours,billed_minutes,total,currency,pareto
1,clore-1xa100-40,"Clore.ai",A100-40,1,single,optimizer,1,32,none,adamw,32.680,160.496,9640,24.3776,EUR,1
2,clore-2xa100-40,"Clore.ai",A100-40,2,zero3,optimizer,1,16,none,adamw,25.803,81.530,4902,24.7919,EUR,1
3,clore-1xrtx4090,"Clore.ai",RTX4090,1,single,optimizer,1,32,full,adamw,18.827,283.007,16990,25.2744,EUR,0
4,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero3,optimizer,4,4,full,adamw,18.033,147.607,8866,26.3788,EUR,0
5,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero3,optimizer,4,4,full,adamw,18.033,258.760,15536,27.7322,EUR,0
--- stderr
