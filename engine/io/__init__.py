"""Input and output: JSON for whole games (`serialize`), the checks a loaded state must pass
(`loadcheck`) and the bounds on every text from outside (`limits`). Built on `engine.rules`;
it never imports `engine.autopilot`."""
