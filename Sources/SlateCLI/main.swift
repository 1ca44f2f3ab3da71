print("slate")
