args: gpus
rc: 0
--- stdout
name          memory                   GiB  mem GB/s  bf16 TF/s    TDP W default link    
MI300X        192 GB HBM3           192.00      5300     1307.4      750 xgmi            
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
RTX3060       12 GB GDDR6            12.00       360       25.5      170 pcie4-host      
RTX3090       24 GB GDDR6X           24.00       936       71.0      350 pcie4-host      
RTX4090       24 GB GDDR6X           23.99      1008      165.2      450 pcie4-host      
RTX5090       32 GB GDDR7            31.98      1792      209.5      575 pcie5-host      
A6000         48 GB GDDR6 ECC        48.00       768      154.8      300 pcie4-p2p       
A5000         24 GB GDDR6            24.00       768      111.1      230 pcie4-p2p       
RTX6000-ADA   48 GB GDDR6 ECC        47.99       960      364.2      300 pcie4-p2p       
RTX-PRO-6000  96 GB GDDR7 ECC        96.00      1792      504.0      600 pcie5-host      
--- stderr
