"""Hand-over files for the teams that build and run the cluster.

``cables``: the installers' cable schedule (CSV / XLSX), one row per physical cable with
a TIA-606-style label for each end. ``slurm``: Slurm's ``topology.conf`` (tree plugin)
for the compute fabric. ``ufm``: the compute fabric as a UFM-style ``.topo`` file and as
Graphviz DOT. Each is a plain function of the design; the CLI writes the bytes atomically.
"""
