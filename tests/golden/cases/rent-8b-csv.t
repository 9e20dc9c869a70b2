args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,train_hours,billed_minutes,total,currency,pareto
1,clore-2xa100-80,"Clore.ai",A100-80,2,zero3,none,1,16,none,adamw,82.348,35.195,2122,15.7807,EUR,1
2,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero3,optimizer,1,16,none,adamw,23.548,225.176,13521,24.1352,EUR,0
3,clore-1xa100-40,"Clore.ai",A100-40,1,single,optimizer,1,32,none,adamw,30.425,160.496,9640,24.3776,EUR,0
4,clore-2xa100-40,"Clore.ai",A100-40,2,zero3,optimizer,2,8,none,adamw,37.173,80.889,4863,24.5975,EUR,0
5,clore-1xrtx4090,"Clore.ai",RTX4090,1,single,optimizer,1,32,full,adamw,18.757,283.007,16990,25.2744,EUR,0
--- stderr
