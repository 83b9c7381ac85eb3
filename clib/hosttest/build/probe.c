int main(void){return sizeof(long)!=4;}
