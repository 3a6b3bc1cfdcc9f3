"""Courtisans de Versailles (issue 15); the etiquette of §3-§4 is in etiquette.py."""
