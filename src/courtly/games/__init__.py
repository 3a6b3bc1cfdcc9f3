"""The games courtly plays, one package each."""
