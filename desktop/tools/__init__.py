"""Commands beside the app: the benchmark and the translation report."""
