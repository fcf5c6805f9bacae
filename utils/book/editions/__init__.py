"""Keep the three editions in step (``python -m utils.book.editions --help``; the commands are
in cli.py). One module per job, none importing cli:

    data         the pages of each edition, book/errors.yml and book/glossary.yml, the stamp hash
    prose        what is prose, its script, its bold and italics
    sync         English code and outputs copied into every translation
    changes      what changed in English since a translation (git, word diff, typo or not)
    checks       structure and step checks of pages and notebooks; all_problems
    terms        scripts and glossary terms        error_index  book/errors.yml
    translate    export / apply                    restamp      marking translations current
    scaffold     new-chapter
"""
