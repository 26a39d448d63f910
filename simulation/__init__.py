"""The simulation layer every tool above hdl/ uses: build a configuration's
Verilog (cached), compile it with Icarus or Verilator, run a cocotb module on
it, one random seed per run. It sits below verif/, host/, bench/ and synth/,
above hdl/ and golden/; it imports neither cocotb nor MyHDL until asked to
simulate, so golden's tests never need them."""
