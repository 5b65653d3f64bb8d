"""The terminal table (Textual): the seats around the table, the trick, the hand, the calls,
the contract and the score sheet; keys and mouse to play, help on the screen."""
