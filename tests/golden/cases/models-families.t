args: models --families
rc: 0
--- stdout
llama               mistral             mixtral             ministral3          
qwen2               gemma2              phi3                deepseek_v3         
gpt2                gpt_neox            mpt                 opt                 
falcon              qwen3               qwen3_moe           qwen3_next          
qwen2_moe           gemma               gemma3_text         gemma3              
llama4_text         llama4              gpt_oss             deepseek_v2         
olmo2               cohere              cohere2             starcoder2          
granite             granitemoe          nemotron            phi                 
phimoe              glm4                glm4_moe            internlm2           
minicpm             baichuan            chatglm             gptj                
bloom               gpt_bigcode         llava               mistral3            
qwen2_5_vl          qwen3_5_text        qwen3_5_moe_text    qwen3_vl_text       
qwen3_vl_moe_text   qwen3_5             qwen3_5_moe         qwen3_vl            
qwen3_vl_moe        qwen3_omni_moe_text qwen3_omni_moe      olmo3               
exaone4             smollm3             seed_oss            apertus             
arcee               ernie4_5            hunyuan_v1_dense    gemma3n_text        
gemma3n             gemma4_text         gemma4              nemotron_h          
falcon_h1           granitemoehybrid    lfm2                lfm2_vl             
jamba               mamba2              rwkv7               minimax             
minimax_m1          minimax_text_01     phi4flash           deepseek_v32        
glm_moe_dsa         kimi_k25            minimax_m2          dots1               
ernie4_5_moe        bailing_moe         mimo                hunyuan_v1_moe      
hunyuan             kimi_linear         mimo_v2_flash       glm4v_moe           
glm4v               nemotron-nas        deci                minimax_m3          
step3p5             step3p7             laguna              deepseek_v4         

100 config.json families, each read by its own table (docs/memory.md,
"How vfplan reads a model"). Any other model_type with the usual keys
(hidden_size, num_hidden_layers, ...) is read by the generic reader, as
an estimate that says so.
--- stderr
