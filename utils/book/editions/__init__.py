"""Keep the three editions in step (``python -m utils.book.editions --help``; the commands are
in cli.py). One module per job, none importing cli:

    data         the pages of each edition, the data files (DataFile: errors, glossary, search
                 keywords, message catalogs), the stamp hash
    prose        what is prose, its script, its bold and italics
    sync         English code and outputs copied into every translation
    outputs      the book's messages in each edition's copy of the outputs (recorded by execute)
    verbs        no English verb used as a Chinese verb (catalogs, Chinese prose)
    refs         references that read as Chinese (no bare title melting into a clause)
    spacing      the spaces around a cross-reference in the Chinese editions
    changes      what changed in English since a translation (git, word diff, whether the edit
                 can change the meaning); the stamp check of a data file's entries
    checks       structure and step checks of pages and notebooks; all_problems
    terms        scripts and glossary terms        error_index  book/errors.yml
    varies       errors.yml's patterns of what varies in a message (both error matchers apply them)
    historical   errors.yml's historical.library (another library's older wording: not PyTorch, named)
    labels       the stamp of each edition's title and UI labels (_config.yml)
    translate    export / apply                    restamp      marking translations current
    scaffold     new-chapter, new-edition (a draft) and a draft's progress
"""
