args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,headroom_gb,borderline,train_hours,billed_minutes,total,currency,pareto
1,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero3,optimizer,2,8,full,adamw,21.491,24.500,24.696,0.196,0,204.699,12292,21.9420,EUR,1
2,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero3,optimizer,2,8,full,adamw,21.491,24.500,24.683,0.184,0,130.508,7840,23.3264,EUR,1
3,clore-1xa100-40,"Clore.ai",A100-40,1,single,optimizer,1,32,none,adamw,34.474,39.300,41.876,2.576,0,157.839,9480,23.9745,EUR,0
4,clore-2xa100-40,"Clore.ai",A100-40,2,zero2,optimizer,1,16,none,adamw,35.524,40.497,41.876,1.379,0,79.088,4755,24.0508,EUR,1
5,hyperbolic-4xh100-a,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.924,74.013,84.447,10.434,0,6.624,420,32.2385,EUR,1
--- stderr
