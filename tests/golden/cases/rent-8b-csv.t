args: rent --model 8B --tokens 1e9 --top 5 --csv
rc: 0
--- stdout
rank,offer,provider,gpu,count,strategy,offload,micro_batch,grad_accum,ckpt,optimizer,peak_gb,peak_high_gb,usable_gb,headroom_gb,borderline,train_hours,billed_minutes,total,currency,pareto,interruptible,rank_group
1,clore-1xrtx4090,"Clore.ai",RTX4090,1,single,optimizer,1,32,full,adamw,18.827,21.463,24.683,3.220,0,243.392,14614,21.7386,EUR,1,0,front
2,clore-2xrtx3090,"Clore.ai",RTX3090,2,zero3,optimizer,4,4,full,adamw,18.033,20.557,24.696,4.139,0,205.589,12345,22.0374,EUR,1,0,front
3,clore-2xrtx4090,"Clore.ai",RTX4090,2,zero3,optimizer,4,4,full,adamw,18.033,20.557,24.683,4.126,0,127.800,7678,22.8430,EUR,1,0,front
4,clore-2xa100-40,"Clore.ai",A100-40,2,zero3,optimizer,1,16,none,adamw,25.803,29.416,41.876,12.460,0,81.780,4917,24.8678,EUR,1,0,front
5,hyperbolic-8xh100-a,"Hyperbolic",H100-SXM,8,zero2,none,1,4,none,adamw,48.430,55.210,84.447,29.237,0,3.566,240,36.8440,EUR,1,0,front
--- stderr
