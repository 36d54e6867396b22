"""chunkscope's storage: the SQLite index of a folder, kept in sync with it (imports ``indexer``)."""
