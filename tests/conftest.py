"""Root of the test tree. Its only job: with pytest's default (prepend) import mode, loading this
file puts ``tests/`` on the import path, so helpers shared by several test folders (such as
``play_session``) can live here and be imported by name from any of them."""
