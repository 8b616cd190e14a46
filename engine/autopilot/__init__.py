"""The autopilot: the bot (`bot.Bot`, an honest player that sees only the view and samples
the hidden part with `engine.rules.infostate`) and whole-game autoplay (`autoplay`). It sits
beside the rules and above them: nothing in `engine.rules` or `engine.io` imports it."""
