print("fruitbasket-server")
