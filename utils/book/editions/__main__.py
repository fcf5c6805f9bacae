from utils.book.editions.cli import main

main()
