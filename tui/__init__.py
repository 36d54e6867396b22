"""chunkscope's terminal UI and command line (imports ``storage`` and ``indexer``)."""
