"""The rules: values (actions, kinds, data, geometry, state, setup), the seeded RNG, the
kernel and the rule tables (tiles, cards, characters), events, pending decisions, the view,
the queries the page asks (foresight: Safe odds, "would this lose") and the information-state
sampler. Nothing here imports `engine.io`, `engine.autopilot` or the command line."""
