args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,headroom_gb,borderline,train_hours,billed_minutes,total,currency,pareto,interruptible,rank_group
1,clore-1xa100-40,"Clore.ai",A100-40,1,single,optimizer,1,32,none,adamw,34.474,41.713,41.876,0.163,0,157.826,9480,23.9724,EUR,1,0,front
2,clore-2xa100-40,"Clore.ai",A100-40,2,zero3,optimizer,1,16,none,adamw,29.384,35.554,41.876,6.322,0,80.195,4822,24.3868,EUR,1,0,front
3,hyperbolic-4xh100-a,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.924,78.558,84.447,5.889,0,6.624,420,32.2385,EUR,1,0,front
4,hyperbolic-4xh100-b,"Hyperbolic",H100-SXM,4,zero2,none,1,8,none,adamw,64.924,78.558,84.447,5.889,0,6.624,420,32.2385,EUR,1,0,front
5,hyperbolic-8xh100-a,"Hyperbolic",H100-SXM,8,zero2,none,1,4,none,adamw,50.224,60.771,84.447,23.676,0,3.424,240,36.8440,EUR,1,0,front
--- stderr
