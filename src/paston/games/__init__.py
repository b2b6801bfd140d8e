"""The games of the platform, one package each: ``paston``, ``paris``, ``paskievics``."""
