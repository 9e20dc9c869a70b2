#!/usr/bin/env python3
# Run from the source root after a build: python3 tests/data/hf/make-builtins-2026.py
# Generates models/models-2026.yaml from real configs through `vfplan models --yaml`
# (the reader's own reading), adding names, Hub aliases, card counts and sources.
import json, subprocess, sys, re
C='tests/data/hf/corpus-2026/'; F='tests/data/hf/2026/'
idx={d['file']:d for d in json.load(open(C+'index.json'))}
def csrc(f): return idx[f]['config_source']
M=[
 # name, aliases, file, released, card_params, card_active, tol, card source
 ('qwen3.5-397b-a17b',['Qwen/Qwen3.5-397B-A17B'],C+'qwen3_5_moe--Qwen--Qwen3.5-397B-A17B.json',2026,397e9,17e9,0.01,
  "card: 397B total, 17B activated (as SGLang's Qwen3.5 cookbook quotes the card); vfplan leaves the MTP layer out of params"),
 ('qwen3.5-122b-a10b',['Qwen/Qwen3.5-122B-A10B'],C+'qwen3_5_moe--Qwen--Qwen3.5-122B-A10B.json',2026,122e9,10e9,0.01,
  "card: the name's 122B total, 10B activated (a size class; no figure read); the MTP layer left out of params"),
 ('qwen3.5-35b-a3b',['Qwen/Qwen3.5-35B-A3B'],F+'qwen3_5_moe-qwen3.5-35b-a3b.json',2026,35e9,3e9,0.015,
  "card: 35B total, 3B activated (transformers docs model_doc/qwen3_5_moe.md; two digits, card_tolerance 1.5 %); the checkpoint's tensors sum to 35,951,822,704 with the MTP layer (844,640,768) that params leaves out (tests/data/hf/2026/README.md)"),
 ('qwen3.6-35b-a3b',['Qwen/Qwen3.6-35B-A3B'],C+'qwen3_5_moe--Qwen--Qwen3.6-35B-A3B.json',2026,35e9,3e9,0.015,
  "card: '35B in total and 3B activated' (the Qwen3.6-35B-A3B card as quoted; two digits, card_tolerance 1.5 %); same shape as Qwen3.5-35B-A3B"),
 ('qwen3.5-27b',['Qwen/Qwen3.5-27B'],F+'qwen3_5-qwen3.5-27b.json',2026,27e9,0,0.015,
  "card: 27B (the Hub README: two digits, card_tolerance 1.5 %); Hub safetensors total 27,781,427,952 with the MTP layer (424,699,392) that params leaves out"),
 ('qwen3-vl-30b-a3b',['Qwen/Qwen3-VL-30B-A3B-Instruct','Qwen/Qwen3-VL-30B-A3B-Thinking'],F+'qwen3_vl_moe-qwen3-vl-30b-a3b-instruct.json',2025,31070754032,0,0.005,
  "card: 31,070,754,032 (Fireworks' paramCount and a measured census, tests/data/hf/2026/README.md)"),
 ('qwen3-vl-235b-a22b',['Qwen/Qwen3-VL-235B-A22B-Instruct','Qwen/Qwen3-VL-235B-A22B-Thinking'],C+'qwen3_vl_moe--Qwen--Qwen3-VL-235B-A22B-Instruct.json',2025,235e9,22e9,0.01,
  "card: the name's 235B total, 22B activated (a size class)"),
 ('deepseek-v3.2',['deepseek-ai/DeepSeek-V3.2','deepseek-ai/DeepSeek-V3.2-Exp'],C+'deepseek_v32--deepseek-ai--DeepSeek-V3.2.json',2025,671e9,37e9,0.01,
  "card: 671B total, 37B activated as for DeepSeek-V3 (the Hub's 685B counts the MTP module, which vfplan leaves out); the DSA indexer counted (tests/check_models_mla.c)"),
 ('glm-5',['zai-org/GLM-5'],C+'glm_moe_dsa--zai-org--GLM-5.json',2026,744e9,40e9,0.01,
  "card: 744B total, 40B activated (GLM-5 technical report, arXiv:2602.15763, as quoted); its MTP layer left out of params"),
 ('glm-5.1',['zai-org/GLM-5.1'],C+'glm_moe_dsa--zai-org--GLM-5.1.json',2026,744e9,40e9,0.01,
  "card: GLM-5's 744B / 40B (same shape: config identical in its sizes)"),
 ('minimax-m2.7',['MiniMaxAI/MiniMax-M2.7','MiniMaxAI/MiniMax-M2.5','MiniMaxAI/MiniMax-M2'],C+'minimax_m2--MiniMaxAI--MiniMax-M2.7.json',2026,229.9e9,9.8e9,0.01,
  "card: 229.9B total, 9.8B activated (as a survey of MiniMax's releases quotes it), counting the MTP modules that vfplan leaves out (derived 228.69B, card_tolerance 1 %); M2 and M2.5 share the shape"),
 ('nemotron-3-nano-30b-a3b',['nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-BF16','nvidia/NVIDIA-Nemotron-3-Nano-30B-A3B-FP8'],C+'nemotron_h--nvidia--NVIDIA-Nemotron-3-Nano-30B-A3B-BF16.json',2025,31.6e9,3.2e9,0.01,
  "card: 31.6B total, 3.2B active without the embedding (tests/check_models_hybrid.c)"),
 ('olmo-3-7b',['allenai/Olmo-3-1025-7B','allenai/Olmo-3-7B-Instruct','allenai/Olmo-3-7B-Think'],F+'olmo3-olmo-3-1025-7b.json',2025,7.3e9,0,0.01,
  "card: 7.3B (its Hub page)"),
 ('smollm3-3b',['HuggingFaceTB/SmolLM3-3B','HuggingFaceTB/SmolLM3-3B-Base'],C+'smollm3--HuggingFaceTB--SmolLM3-3B.json',2025,3075117504,0,0.005,
  "card: its two safetensors files, 6,150,235,008 bytes of bf16 (headers included) / 2 = 3,075,117,504"),
 ('granite-4.0-h-tiny',['ibm-granite/granite-4.0-h-tiny'],F+'granitemoehybrid-granite-4.0-h-tiny.json',2025,6.94e9,0,0.005,
  "card: 6.94B (its Hub page's count)"),
 ('mimo-v2-flash',['XiaomiMiMo/MiMo-V2-Flash'],F+'mimo_v2_flash-mimo-v2-flash.json',2025,309e9,15e9,0.01,
  "card: 309B total, 15B activated; its MTP layers left out of params"),
 ('seed-oss-36b',['ByteDance-Seed/Seed-OSS-36B-Instruct','ByteDance-Seed/Seed-OSS-36B-Base'],F+'seed_oss-seed-oss-36b-instruct.json',2025,36e9,0,0.01,
  "card: 36B (its name and card)"),
 ('lfm2-1.2b',['LiquidAI/LFM2-1.2B'],F+'lfm2-lfm2-1.2b.json',2025,1.17e9,0,0.01,
  "card: 1.17B (LFM2's model card table)"),
 ('dots.llm1',['rednote-hilab/dots.llm1.inst','rednote-hilab/dots.llm1.base'],F+'dots1-dots.llm1.inst.json',2025,142e9,14e9,0.01,
  "card: 142B total, 14B activated (a three-digit figure: card_tolerance 1 %)"),
 ('hunyuan-a13b',['tencent/Hunyuan-A13B-Instruct','tencent/Hunyuan-A13B-Pretrain'],F+'hunyuan-hunyuan-a13b-instruct.json',2025,80e9,13e9,0.01,
  "card: 80B total, 13B activated (two digits: card_tolerance 1 %)"),
 ('jamba-1.5-mini',['ai21labs/AI21-Jamba-1.5-Mini','ai21labs/AI21-Jamba-Mini-1.7'],F+'jamba-ai21-jamba-1.5-mini.json',2024,52e9,12e9,0.01,
  "card: 52B total, 12B active (two digits: card_tolerance 1 %)"),
 ('exaone-4.0-32b',['LGAI-EXAONE/EXAONE-4.0-32B'],F+'exaone4-exaone-4.0-32b.json',2025,32e9,0,0.005,
  "card: 32B (its card)"),
 ('minimax-m1',['MiniMaxAI/MiniMax-M1-80k','MiniMaxAI/MiniMax-M1-40k'],F+'minimax_m1-minimax-m1-80k.json',2025,456e9,45.9e9,0.005,
  "card: 456B total, 45.9B activated per token (the M1 report; the active figure leaves out the embedding and head)"),
 ('gemma-4-26b-a4b',['google/gemma-4-26B-A4B-it','google/gemma-4-26B-A4B'],C+'gemma4--google--gemma-4-26B-A4B.json',2026,25.75e9,0,0.01,
  "card: 25.2B total, 3.8B active in the text model, and a ~550M vision encoder listed apart (third-party copies of Google's card: vast.ai, apxml): card_params their sum, card_tolerance 1 %"),
 ('gemma-4-31b',['google/gemma-4-31B-it','google/gemma-4-31B','nvidia/Gemma-4-31B-IT-NVFP4'],C+'gemma4--nvidia--Gemma-4-31B-IT-NVFP4.json',2026,31.25e9,0,0.01,
  "card: 30.7B in the text model and a ~550M vision encoder listed apart (a summary of Google's card): card_params their sum, card_tolerance 1 %; the config read is NVIDIA's NVFP4 export of it"),
]
def readme_row(path):
    name=path.split('/')[-1]
    for line in open(F+'README.md'):
        if line.startswith('| '+name+' '):
            cells=[c.strip() for c in line.split('|')]
            return cells[3]
    return None
out=["schema: 1","# The models of 2025-2026 that people rent for most, read from their real","# config.json by vfplan's own readers (`vfplan models --yaml CONFIG`), with their","# Hub ids as aliases and the count their card states (tests/check_models.c","# checks each derived count against it within card_tolerance).","models:"]
for name,aliases,path,rel,card,act,tol,cardsrc in M:
    y=subprocess.run(['./build/vfplan','models','--yaml',path],capture_output=True,text=True)
    if y.returncode: print(name,y.stderr,file=sys.stderr); sys.exit(1)
    lines=y.stdout.splitlines()[2:]
    body=[]
    for l in lines:
        l=l[2:] if l.startswith('- ') else l[2:] if l.startswith('  ') else l
        k=l.split(':')[0]
        if k in ('name','card_params','card_active_params','source','card_tolerance'): continue
        body.append('    '+l)
    cfg = csrc(path.split('/')[-1]) if path.startswith(C) else (readme_row(path) or 'tests/data/hf/2026')
    src="%s config.json (%s; %s); %s" % (aliases[0], cfg.replace('"',"'"), path, cardsrc)
    out.append("  - name: %s" % name)
    out.append("    aliases: [%s]" % ", ".join(aliases))
    out+=body
    out.append("    card_params: %d" % card)
    if act: out.append("    card_active_params: %d" % act)
    out.append("    card_tolerance: %g" % tol)
    out.append("    released: %d" % rel)
    out.append('    source: "%s"' % src.replace('\\','').replace('"',"'"))
open('models/models-2026.yaml','w').write("\n".join(out)+"\n")
print(len(M))
