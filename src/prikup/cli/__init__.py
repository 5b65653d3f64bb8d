"""Front ends in the terminal: the ``prikup`` command and terminal play."""
