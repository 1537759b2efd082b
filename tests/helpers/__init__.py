"""What the tests share: paths, running a game, oracles, and the harnesses.

`helpers.paths` says where the packages and the data are; `helpers.cli` runs
a real ``python3 -m GAME``; `helpers.golden` names the golden transcripts;
`helpers.oracles` and `helpers.inputs` are independent models and random
input; `helpers.java` the cases of the Java reading oracle; `helpers.netplay`
and `helpers.tui` drive the network table and the full-screen table.
"""
