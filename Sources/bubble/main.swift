print("bubble")
