"""Evolution (North Star Games / Schmidt Spiele): rules in ``rules``, card data in ``cards``,
the rules as players read them in ``RULES.md``."""
