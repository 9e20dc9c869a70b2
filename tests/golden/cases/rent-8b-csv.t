args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,headroom_gb,borderline,train_hours,billed_minutes,total,currency,pareto,interruptible,rank_group
1,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero3,optimizer,2,8,full,adamw,21.491,24.500,24.683,0.184,0,130.508,7840,23.3264,EUR,1,0,front
2,clore-2xa100-40,"Clore.ai",A100-40,2,zero2,optimizer,1,16,none,adamw,35.524,40.497,41.876,1.379,0,79.088,4755,24.0508,EUR,1,0,front
3,hyperbolic-4xh100-a,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.924,74.013,84.447,10.434,0,6.624,420,32.2385,EUR,1,0,front
4,hyperbolic-4xh100-b,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.924,74.013,84.447,10.434,0,6.624,420,32.2385,EUR,1,0,front
5,hyperbolic-8xh100-a,"Hyperbolic",H100-SXM,8,zero2,none,1,4,none,adamw,50.224,57.255,84.447,27.192,0,3.424,240,36.8440,EUR,1,0,front
--- stderr
