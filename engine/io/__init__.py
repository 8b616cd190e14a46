"""Input and output: JSON for whole games (`serialize`), the checks a loaded state must pass
(`loadcheck`), the bounds on every text from outside (`limits`), the record of a game in
progress (`match`) and the compact action record links carry (`links`). Built on
`engine.rules`; it never imports `engine.autopilot`."""
