args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,train_hours,billed_minutes,total,currency,pareto
1,clore-2xa100-40,"Clore.ai",A100-40,2,zero3,optimizer,1,16,none,adamw,25.803,81.530,4902,24.7919,EUR,1
2,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero3,optimizer,4,4,full,adamw,18.033,147.607,8866,26.3788,EUR,0
3,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero3,optimizer,4,4,full,adamw,18.033,258.760,15536,27.7322,EUR,0
4,hyperbolic-4xh100-a,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.180,6.737,420,32.2385,EUR,1
5,hyperbolic-4xh100-b,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.180,6.737,420,32.2385,EUR,1
--- stderr
