args: gpus
rc: 0
--- stdout
name          memory                   GiB  mem GB/s  bf16 TF/s    TDP W default link    
MI300X        192 GB HBM3           192.00      5300     1307.4      750 xgmi            
MI250X-OAM    128 GB HBM2e          128.00      3277      383.0      560 xgmi            
MI250X-GCD    64 GB HBM2e (one GCD of a 128 GB MI250X)     63.98      1638      191.5      280 xgmi            
MI325X        256 GB HBM3e          256.00      6000     1307.4     1000 xgmi            
H100-SXM      80 GB HBM3             79.65      3350      989.4      700 nvlink4-switch  
H100-PCIE     80 GB HBM2e            79.65      2000      756.0      350 pcie5-p2p       
H100-NVL      94 GB HBM3             94.00      3900      835.5      400 nvlink4-bridge  
H200          141 GB HBM3e          140.40      4800      989.4      700 nvlink4-switch  
H200-NVL      141 GB HBM3e          140.40      4800      835.5      600 nvlink4-bridge-h200nvl
B200          180 GB HBM3e          179.06      7700     2250.0     1000 nvlink5-switch  
GH200         96 GB HBM3             96.00      4000      989.0     1000 nvlink4-gh200   
A100-40       40 GB HBM2             40.00      1555      312.0      400 nvlink3-switch  
A100-80       80 GB HBM2e            80.00      2039      312.0      400 nvlink3-switch  
A100-80-PCIE  80 GB HBM2e            80.00      1935      312.0      300 pcie4-p2p       
A100-40-PCIE  40 GB HBM2             40.00      1555      312.0      250 pcie4-p2p       
L40S          48 GB GDDR6 ECC        44.99       864      362.0      350 pcie4-p2p       
L4            24 GB GDDR6            22.49       300      121.0       72 pcie4-p2p       
A10           24 GB GDDR6            22.49       600      125.0      150 pcie4-p2p       
A40           48 GB GDDR6 ECC        48.00       696      149.7      300 pcie4-p2p       
V100-SXM2-16GB 16 GB HBM2             16.00       900      125.0      300 nvlink2-cube-mesh
V100-SXM2-32GB 32 GB HBM2             32.00       900      125.0      300 nvlink2-cube-mesh
V100-PCIE-16GB 16 GB HBM2             16.00       900      112.0      250 pcie3-p2p       
V100-PCIE-32GB 32 GB HBM2             32.00       900      112.0      250 pcie3-p2p       
T4            16 GB GDDR6            15.00       320       65.0       70 pcie3-p2p       
L40           48 GB GDDR6 ECC        44.99       864      181.1      300 pcie4-p2p       
A10G          24 GB GDDR6            22.49       600       70.0      300 pcie4-host      
H20           96 GB HBM3             95.58      4000      148.0      500 nvlink4-switch  
H800          80 GB HBM3             79.65      3350      989.4      700 nvlink4-h800    
GB200         186 GB HBM3e          185.03      8000     2500.0     1200 nvlink5-switch  
B300          288 GB HBM3e          268.59      8000     2250.0     1100 nvlink5-switch  
RTX3060       12 GB GDDR6            12.00       360       25.5      170 pcie4-host      
RTX3090       24 GB GDDR6X           24.00       936       71.0      350 pcie4-host      
RTX4090       24 GB GDDR6X           23.99      1008      165.2      450 pcie4-host      
RTX5090       32 GB GDDR7            31.98      1792      209.5      575 pcie5-host      
RTX5080       16 GB GDDR7            15.92       960      112.6      360 pcie5-host      
RTX5070TI     16 GB GDDR7            15.92       896       87.9      300 pcie5-host      
RTX4080       16 GB GDDR6X           15.99       717       97.5      320 pcie4-host      
RTX2080TI     11 GB GDDR6            11.00       616       53.8      250 pcie3-host      
A6000         48 GB GDDR6 ECC        48.00       768      154.8      300 pcie4-p2p       
A5000         24 GB GDDR6            24.00       768      111.1      230 pcie4-p2p       
RTX6000-ADA   48 GB GDDR6 ECC        47.99       960      364.2      300 pcie4-p2p       
RTX-PRO-6000  96 GB GDDR7 ECC        96.00      1792      504.0      600 pcie5-host      
A4000         16 GB GDDR6 ECC        15.99       448       76.7      140 pcie4-p2p       
A4500         20 GB GDDR6 ECC        19.99       640       94.6      200 pcie4-p2p       
--- stderr
