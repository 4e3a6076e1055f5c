"""The Kadi, Karata and Donkey Discord bot."""
